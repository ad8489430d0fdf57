import type { ComponentType } from 'react';
import { preinitModule, preloadModule } from 'react-dom';
import { jsonForScript } from '../lib/json.ts';
import { useTimeZone } from '../lib/local-time.ts';
import { useSite } from '../site-context.ts';

interface IslandProps<P extends object> {
  /** Island id: the module path below views/ without extension, e.g. `tools/comma-separator/Widget`. */
  name: string;
  component: ComponentType<P>;
  props: P;
}

/**
 * Server-renders an interactive widget and marks it for hydration. Only pages that render an
 * Island load the client entry (React hoists the module script and preloads into <head>), so
 * content pages ship no React runtime.
 */
export function Island<P extends object>({ name, component: Component, props }: IslandProps<P>) {
  const { assets, nonce } = useSite();
  const timeZone = useTimeZone();
  const island = assets.islands[name];
  if (!island) throw new Error(`Island "${name}" is not in the build manifest (views/${name}.tsx)`);
  preinitModule(assets.entry, { as: 'script', nonce });
  for (const url of new Set([...assets.entryImports, island.src, ...island.imports]))
    preloadModule(url, { as: 'script' });
  return (
    <>
      <div data-island={name} data-src={island.src} data-time-zone={timeZone}>
        <Component {...props} />
      </div>
      <script type="application/json" data-island-props="" dangerouslySetInnerHTML={{ __html: jsonForScript(props) }} />
    </>
  );
}
