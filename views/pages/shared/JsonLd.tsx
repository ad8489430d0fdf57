import { jsonForScript } from '#views/lib/json.ts';

/** Structured data that needs the request's SITE_URL, so it cannot live in the static route table. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />;
}
