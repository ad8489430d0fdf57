import { chromium } from 'playwright-core';
import { expect, onTestFinished, test } from 'vitest';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { createTestNamespace, namespaceUnavailable } from '#test/fixtures/netns.ts';
import {
  createMobileRenderer,
  findRendererChromium,
  rendererLaunchArgs,
} from '#server/lib/browser/page-render/renderer.ts';

/*
 * Issue 22: a page's WebRTC made Chromium send STUN/TURN datagrams straight to the addresses the page named,
 * past the guarded fetcher, but only on a host with a non-loopback interface. So the browser runs in a
 * network namespace of the test's own that has one (test/fixtures/netns.ts), beside UDP canaries on the
 * addresses the page asks for. Each test ends at the page's own signal (ICE gathering over, or WebRTC
 * absent) or at the first canary datagram, whichever comes first.
 */

const chromiumPath = findRendererChromium(process.env.CHROMIUM_PATH);
if (!chromiumPath) throw new Error('These tests need Chromium: apt-get install -y chromium, or set CHROMIUM_PATH.');
const unavailable = namespaceUnavailable();
const skipReason = unavailable ? ` (skipped: ${unavailable})` : '';

const CANARIES = [
  { host: '127.0.0.2', port: 4301 },
  { host: '::1', port: 4301 },
  { host: '127.0.0.2', port: 3478 },
  { host: '::1', port: 3478 },
];
const ICE_SERVERS = [
  { urls: ['stun:127.0.0.2:4301', 'stun:[::1]:4301', 'stun:127.0.0.2'] },
  {
    urls: ['turn:127.0.0.2:4301?transport=udp', 'turn:[::1]:4301?transport=udp', 'turn:[::1]'],
    username: 'u',
    credential: 'p',
  },
];

// Reports how gathering ended (`/done?...`); its one image waits for that report, so the load event, and
// the render, come after it. A fresh frame's window is the usual way round a page-level removal.
const WEBRTC_PAGE = `<!doctype html><html><head><meta name="viewport" content="width=device-width"></head><body><p>Calls</p>
<script>
const done = (state) => fetch('/done?' + state).catch(() => {});
const frame = document.createElement('iframe');
document.body.append(frame);
const Peer = window.RTCPeerConnection || window.webkitRTCPeerConnection || frame.contentWindow.RTCPeerConnection;
if (!Peer) done('absent');
else {
  const pc = new Peer({ iceServers: ${JSON.stringify(ICE_SERVERS)} });
  pc.onicegatheringstatechange = () => { if (pc.iceGatheringState === 'complete') done('complete'); };
  pc.createDataChannel('probe');
  pc.createOffer().then((offer) => pc.setLocalDescription(offer)).catch((error) => done('failed-' + error.name));
}
</script><img src="/hold" alt=""></body></html>`;

test.skipIf(unavailable)(
  `a rendered page has no WebRTC and the browser sends no UDP, on a host with a non-loopback interface${skipReason}`,
  async () => {
    const namespace = createTestNamespace('mt-webrtc');
    onTestFinished(() => namespace.remove());
    const canary = await namespace.udpCanary(CANARIES);
    onTestFinished(() => canary.stop());
    let report!: (state: string) => void;
    const reported = new Promise<string>((resolve) => (report = resolve));
    const settled = Promise.race([reported, canary.firstPacket()]);
    const server = await startLoopbackServer((req, res) => {
      const [path, query] = (req.url ?? '/').split('?');
      if (path === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(WEBRTC_PAGE);
      if (path === '/done') report(query ?? '');
      if (path === '/hold') return void settled.then(() => res.writeHead(404).end());
      res.writeHead(404).end();
    });
    onTestFinished(() => server.close());
    const renderer = createMobileRenderer({
      chromiumPath: namespace.wrap(chromiumPath!),
      fetcher: createSafeFetcher({ allowPrivate: [server.hostPort], userAgent: 'test-bot' }),
      limits: { timeoutMs: 20_000, maxPageBytes: 1024 * 1024 },
      concurrency: 1,
    });
    onTestFinished(() => renderer.close());
    const result = await renderer.render(`${server.origin}/`);
    expect(await settled).toBe('absent');
    expect(result.notes).toEqual([]);
    expect(canary.packets()).toEqual([]);
  },
);

test.skipIf(unavailable)(
  `the launch flags alone keep WebRTC off UDP: gathering ends with no datagram sent${skipReason}`,
  async () => {
    const namespace = createTestNamespace('mt-webrtc-flags');
    onTestFinished(() => namespace.remove());
    const canary = await namespace.udpCanary(CANARIES);
    onTestFinished(() => canary.stop());
    const browser = await chromium.launch({
      executablePath: namespace.wrap(chromiumPath!),
      args: rendererLaunchArgs(),
    });
    onTestFinished(() => browser.close());
    const page = await browser.newPage();
    await page.setContent('<p>No init script here: the page keeps RTCPeerConnection.</p>');
    const gathering = page.evaluate(async (iceServers) => {
      const pc = new RTCPeerConnection({ iceServers });
      pc.createDataChannel('probe');
      await pc.setLocalDescription(await pc.createOffer());
      if (pc.iceGatheringState !== 'complete')
        await new Promise((resolve) =>
          pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve(null)),
        );
      return 'complete';
    }, ICE_SERVERS);
    expect(await Promise.race([gathering, canary.firstPacket()])).toBe('complete');
    expect(canary.packets()).toEqual([]);
  },
);
