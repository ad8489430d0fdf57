/** A tool's or form's error, shown the same way everywhere: nothing when there is none, else an alert paragraph. */
export function ErrorMessage({ error, id }: { error: string | null | undefined; id?: string }) {
  return error ? (
    <p className="error" id={id} role="alert">
      {error}
    </p>
  ) : null;
}
