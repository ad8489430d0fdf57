-- Decision 0051: a post's Markdown is rendered once, when it is saved (in a job thread, with a time
-- budget), and pages read the stored result instead of rendering on every view. `html` is the
-- sanitised body, `toc` its table of contents (JSON array of {id, text, depth}), `words` the words a
-- reader reads (reading time). NULL: not rendered yet; the posts' start-up work (prepare) renders every
-- such post before the server listens, so posts saved before this migration are filled at the first boot.
ALTER TABLE posts ADD COLUMN html TEXT;
ALTER TABLE posts ADD COLUMN toc TEXT;
ALTER TABLE posts ADD COLUMN words INTEGER;
