-- Posts (issue 27): the guides, category articles and the core-updates log, written in Markdown in
-- /admin/posts. A post is live when its status is 'published' or 'scheduled' and published_at has
-- passed, so a scheduled post appears exactly when its time comes, without a job.
CREATE TABLE IF NOT EXISTS posts (
  -- 128 random bits as hex.
  id TEXT PRIMARY KEY,
  -- Unique across the site; the post lives at /<category path>/<slug>.
  slug TEXT NOT NULL UNIQUE,
  -- One of the site's four categories: seo-guides, digital-marketing, career-guidance, google-core-updates.
  category TEXT NOT NULL,
  -- The heading (H1); seo_title is the document title when it should differ.
  title TEXT NOT NULL,
  seo_title TEXT,
  description TEXT NOT NULL,
  -- Markdown, never HTML: rendered and sanitised when read.
  body TEXT NOT NULL,
  -- JSON arrays: tags (strings) and FAQ entries ({question, answer}).
  tags TEXT NOT NULL,
  faq TEXT NOT NULL,
  -- A name from the profile's team; NULL: the first person of the team, or the business itself.
  author TEXT,
  -- The cover image's id (post_images) and its alt text.
  cover_image TEXT,
  cover_alt TEXT,
  -- draft, scheduled or published.
  status TEXT NOT NULL,
  -- Milliseconds since the epoch: when it is (or goes) live; when it was last updated; when it was made.
  published_at BIGINT,
  updated_at BIGINT NOT NULL,
  created_at BIGINT NOT NULL,
  -- The last IndexNow ping for this post: JSON {at, ok, status, message}.
  indexnow TEXT
);
CREATE INDEX IF NOT EXISTS posts_live ON posts (category, published_at);
-- Old addresses of posts (a changed slug or category): each answers 301 to the post's address.
CREATE TABLE IF NOT EXISTS post_redirects (
  path TEXT PRIMARY KEY,
  post_id TEXT NOT NULL REFERENCES posts (id) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS post_redirects_post ON post_redirects (post_id);
-- Uploaded images (covers and pictures in posts): the original's size, and each rendition.
CREATE TABLE IF NOT EXISTS post_images (
  id TEXT PRIMARY KEY,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS post_image_files (
  image_id TEXT NOT NULL REFERENCES post_images (id) ON DELETE CASCADE,
  width INTEGER NOT NULL,
  format TEXT NOT NULL,
  body BYTEA NOT NULL,
  PRIMARY KEY (image_id, width, format)
);
