import { useEffect, useState } from 'react';
import { requestJson } from '#views/lib/request-json.ts';
import { SITEMAPS_CHANGED_EVENT, toSitemapList } from './logic.ts';
import type { SitemapListItem } from './schema.ts';
import { SitemapList } from './SitemapList.tsx';

/**
 * The list of generated sitemaps, as its own island further down the page: it loads after the
 * page renders, and growing in place there does not shift the generator people are looking at.
 * The generator announces each new sitemap with a window event and the list reloads.
 */
export default function SitemapHistoryWidget() {
  const [list, setList] = useState<{ loaded: boolean; items: SitemapListItem[] }>({ loaded: false, items: [] });

  useEffect(() => {
    let current = true;
    async function refresh(): Promise<void> {
      try {
        const { items, valid } = toSitemapList(
          await requestJson<unknown>('/api/sitemaps', 'Failed to fetch websites', undefined, { cache: 'no-store' }),
        );
        if (!valid) console.error('Failed to fetch websites');
        if (current) setList({ loaded: true, items });
      } catch (failure) {
        console.error('Failed to fetch websites', failure);
        if (current) setList({ loaded: true, items: [] });
      }
    }
    const onChanged = () => void refresh();
    window.addEventListener(SITEMAPS_CHANGED_EVENT, onChanged);
    void refresh();
    return () => {
      current = false;
      window.removeEventListener(SITEMAPS_CHANGED_EVENT, onChanged);
    };
  }, []);

  return <SitemapList loaded={list.loaded} items={list.items} />;
}
