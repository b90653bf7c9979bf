export interface LegalSection {
  heading: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
  after?: readonly string[];
}
