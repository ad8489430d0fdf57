/** Link to the server's TXT/SRT/PDF rendering of the transcript the page is showing. */
export function transcriptDownloadHref(videoUrl: string, trackId: string, format: 'txt' | 'srt' | 'pdf'): string {
  const params = new URLSearchParams({ videoUrl, lang: trackId, format });
  return `/api/youtube-transcript/download?${params.toString()}`;
}

export function trackLabel(track: { name: string; generated: boolean }): string {
  return track.generated && !/auto-generated/i.test(track.name) ? `${track.name} (auto-generated)` : track.name;
}
