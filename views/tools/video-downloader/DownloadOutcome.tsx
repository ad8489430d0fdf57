/** What a downloader shows after a try: the status line (red when `failed`) and the file's link in a new tab. */
export function DownloadOutcome({ status, failed, link }: { status: string; failed: boolean; link: string | null }) {
  return (
    <>
      {status ? (
        <p className={failed ? 'status status-error' : 'status status-ok'} role="status">
          {status}
        </p>
      ) : null}
      {link ? (
        <p className="download-link">
          <a href={link} target="_blank" rel="noopener noreferrer">
            Click here to download the video
          </a>
        </p>
      ) : null}
    </>
  );
}
