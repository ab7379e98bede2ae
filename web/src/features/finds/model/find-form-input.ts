/** What the find form's inputs hold (text); the contract's schema turns it into FindCreateInput. */
export interface FindFormInput {
  title: string;
  description: string;
  location: string;
  period: string;
  latitude: string;
  longitude: string;
}
