/* Helpers of the render (render.ts): what crosses between the guarded fetcher, Chromium and the page. */

// Only what a server needs to answer like it would to a phone; cookies and the like never exist here.
export const FORWARDED_HEADERS = ['accept', 'accept-language', 'content-type', 'referer', 'range', 'user-agent'];
export { keptHeaders } from '#server/lib/browser/headers.ts';

// Before any page script, in every frame: no page may open a WebRTC connection (its UDP never passes the
// guarded fetcher; the launch flags stop the packets too, this keeps the API away altogether).
export const WEBRTC_NAMES = [
  'RTCPeerConnection',
  'webkitRTCPeerConnection',
  'RTCDataChannel',
  'RTCSessionDescription',
  'RTCIceCandidate',
];
export function removeWebRtc(names: string[]): void {
  for (const name of names) Reflect.deleteProperty(globalThis, name);
}

/**
 * A function's source to run in the page, called with `arg`. Run from source in a job thread, the code is
 * compiled by tsx with esbuild's keepNames, which wraps the named functions inside `fn` in calls to a
 * `__name` helper that the page does not have (the page's call would throw); a local stand-in keeps the
 * source whole however it was compiled, without adding anything to the page's globals.
 */
export function inPage(fn: (...args: never[]) => unknown, arg?: unknown): string {
  const args = arg === undefined ? '' : JSON.stringify(arg);
  return `(() => { const __name = (target) => target; return (${fn.toString()})(${args}); })()`;
}
