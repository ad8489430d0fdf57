export interface FaqEntry {
  question: string;
  answer: string;
}

/** Everything a directory page says in words; the table data lives in ../data/. */
export interface DirectoryCopy {
  heading: string;
  title: string;
  description: string;
  keywords: string;
  intro: string;
  faq: FaqEntry[];
}
