interface PagerProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}

/** Previous / next paging with the current position. */
export function Pager({ page, totalPages, onPage }: PagerProps) {
  const last = Math.max(1, totalPages);
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" className="btn btn--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </button>
      <span aria-live="polite">
        Page {page} of {last}
      </span>
      <button type="button" className="btn btn--small" disabled={page >= last} onClick={() => onPage(page + 1)}>
        Next page
      </button>
    </nav>
  );
}
