/** A station or a line as the ride form names it. */
export interface Stop {
  id: number;
  name: string;
}
