import type { RecordingFormInput } from './recording-details-input';

/**
 * What the find form's inputs hold (text); the contract's schema turns it into FindCreateInput. The
 * recording details (recording-details-input.ts) sit beside the find's own fields.
 */
export interface FindFormInput extends RecordingFormInput {
  title: string;
  description: string;
  location: string;
  period: string;
  latitude: string;
  longitude: string;
}
