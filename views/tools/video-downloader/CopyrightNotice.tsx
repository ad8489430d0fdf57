/** Shown on every downloader page: what the tool does and does not do, and whose rights apply. */
export function CopyrightNotice({ platform }: { platform: string }) {
  return (
    <aside className="notice copyright-notice" aria-label="Copyright notice">
      <strong>Copyright notice:</strong> download only videos you own or have the creator&apos;s permission to save, and
      respect {platform}&apos;s terms. This tool reads public videos only: it never logs in, never uses cookies and does
      not bypass private accounts or DRM. We are not affiliated with {platform}.
    </aside>
  );
}
