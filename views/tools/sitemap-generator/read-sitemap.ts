import { ApiError, apiFetch } from '#views/lib/request-json.ts';
import { validateSitemap, type SitemapValidation, type XmlElement } from './validate.ts';

/** Browser only: the DOMParser tree as the pure check reads it. */
function toXmlElement(element: Element): XmlElement {
  return {
    name: element.localName,
    namespace: element.namespaceURI,
    children: [...element.children].map(toXmlElement),
    text: element.textContent ?? '',
  };
}

export type SitemapRead = { ok: true; validation: SitemapValidation } | { ok: false; status: number };

/** Downloads the sitemap file itself (never a cached copy), parses it as XML and checks it. */
export async function readSitemap(link: string): Promise<SitemapRead> {
  let text: string;
  try {
    text = await (await apiFetch(link, '', { cache: 'no-store' })).text();
  } catch (failure) {
    if (failure instanceof ApiError) return { ok: false, status: failure.status };
    throw failure;
  }
  const document = new DOMParser().parseFromString(text, 'application/xml');
  // A document that is not well-formed comes back with a <parsererror> element instead.
  const wellFormed = document.getElementsByTagName('parsererror').length === 0 && document.documentElement !== null;
  return {
    ok: true,
    validation: validateSitemap(wellFormed ? toXmlElement(document.documentElement) : null, new Blob([text]).size),
  };
}
