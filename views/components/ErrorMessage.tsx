/**
 * A tool's or form's error, shown the same way everywhere: nothing when there is none, else an alert
 * paragraph; `detail` (the server's reason, when it adds something) follows as a muted line.
 */
export function ErrorMessage({
  error,
  id,
  detail,
}: {
  error: string | null | undefined;
  id?: string;
  detail?: string | null;
}) {
  return (
    <>
      {error ? (
        <p className="error" id={id} role="alert">
          {error}
        </p>
      ) : null}
      {error && detail ? <p className="muted">{detail}</p> : null}
    </>
  );
}
