export interface LegalSection {
  heading: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
  after?: readonly string[];
  /** A page of the app the section leads to, shown as a link after the text. */
  link?: { label: string; href: string };
}
