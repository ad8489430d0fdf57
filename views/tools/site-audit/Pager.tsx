/** The report's lists' pager: Previous, "Page 2 of 9", Next; shown only when there is more than one page. */
export function Pager(props: { label: string; page: number; pages: number; onPage(page: number): void }) {
  const { label, page, pages, onPage } = props;
  if (pages <= 1) return null;
  return (
    <nav className="audit-pager" aria-label={label}>
      <button type="button" className="button secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button type="button" className="button secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
