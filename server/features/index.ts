import type { AppDeps, Feature } from '#server/deps.ts';
import { anchorTextGeneratorFeature } from './anchor-text-generator/index.ts';
import { directoriesFeature } from './directories/index.ts';
import { imageCompressorFeature } from './image-compressor/index.ts';
import { indexCheckerFeature } from './index-checker/index.ts';
import { leadsFeature } from './leads/index.ts';
import { logFilesFeature } from './log-files/index.ts';
import { mobileTestFeature } from './mobile-test/index.ts';
import { monitoringFeature } from './monitoring/index.ts';
import { clientSitesFeature } from './monitoring/client-sites-router.ts';
import { postsFeature } from './posts/index.ts';
import { redirectCheckerFeature } from './redirect-checker/index.ts';
import { seoAuditFeature } from './seo-audit/index.ts';
import { siteAuditFeature } from './site-audit/index.ts';
import { sitemapGeneratorFeature } from './sitemap-generator/index.ts';
import { toolsHubFeature } from './tools-hub/index.ts';
import { videoDownloaderFeature } from './video-downloader/index.ts';
import { viralPromptsFeature } from './viral-prompts/index.ts';
import { youtubeTagsFeature } from './youtube-tags/index.ts';
import { youtubeTranscriptFeature } from './youtube-transcript/index.ts';

/**
 * Every feature, built once from the app's deps: the one list createApp mounts, prepares, starts
 * and stops. Building has no side effects (no writes, no timers, no processes): those wait for
 * `prepare` and `start`. The leads' delivery and the directories' status are also handed back by name.
 */
export function buildFeatures(deps: AppDeps) {
  const leads = leadsFeature(deps);
  const directories = directoriesFeature(deps);
  const posts = postsFeature(deps);
  const monitoring = monitoringFeature(deps, leads.delivery);
  const logFiles = logFilesFeature(deps);
  const all: Feature[] = [
    // Before leads: its /admin/posts pages are mounted ahead of the inbox's /admin catch-all.
    posts,
    // The same for /admin/client-sites (the operator's monitored client sites, issue 25).
    // With the log analyser's way in: the operator attaches a client site's access logs (issue 36).
    clientSitesFeature(deps, monitoring.service, logFiles.clientSiteLogs),
    leads,
    sitemapGeneratorFeature(deps),
    siteAuditFeature(deps),
    monitoring,
    directories,
    seoAuditFeature(deps),
    redirectCheckerFeature(deps),
    indexCheckerFeature(deps),
    mobileTestFeature(deps),
    imageCompressorFeature(deps),
    youtubeTranscriptFeature(deps),
    youtubeTagsFeature(deps),
    videoDownloaderFeature(deps),
    toolsHubFeature(deps),
    anchorTextGeneratorFeature(deps),
    viralPromptsFeature(deps),
    logFiles,
  ];
  return {
    all,
    leads: leads.delivery,
    directoryStatus: directories.status,
    posts: posts.posts,
    monitoring: { service: monitoring.service },
  };
}
