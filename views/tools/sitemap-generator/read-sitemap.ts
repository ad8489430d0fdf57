import { apiFetch } from '#views/lib/request-json.ts';
import { validateSitemap, type SitemapValidation, type XmlElement } from './validate.ts';

/** Browser only: the DOMParser tree as the pure check reads it. */
function toXmlElement(element: Element): XmlElement {
  return { name: element.localName, namespace: element.namespaceURI, children: [...element.children].map(toXmlElement), text: element.textContent ?? '' };
}

/**
 * Downloads the sitemap file itself (never a cached copy), parses it as XML and checks it. A
 * non-2xx answer throws the ApiError of request-json, whose status the check line shows.
 */
export async function readSitemap(link: string): Promise<SitemapValidation> {
  const text = await (await apiFetch(link, 'Sitemap check failed', { cache: 'no-store' })).text();
  const document = new DOMParser().parseFromString(text, 'application/xml');
  // A document that is not well-formed comes back with a <parsererror> element instead.
  const wellFormed = document.getElementsByTagName('parsererror').length === 0 && document.documentElement !== null;
  return validateSitemap(wellFormed ? toXmlElement(document.documentElement) : null, new Blob([text]).size);
}

/** The file as a blob for saving; throws on a non-2xx answer. */
export async function downloadSitemap(link: string): Promise<Blob> {
  return (await apiFetch(link, 'Failed to download sitemap file.')).blob();
}
