/**
 * The Treasure assistant's answers as its inputs hold them, what a find already says about them (its
 * material, object type, quantity and period), and the contract's TreasureAnswers they become
 * (docs/treasure.md "The answers"). Pure.
 */
import type { FindRecording } from '@schema/contracts/find-recording';
import {
  isValidIsoDate,
  ukDate,
  type FindAge,
  type FindMetal,
  type Nation,
  type TreasureAnswers,
} from '@schema/contracts/treasure';

export interface AssistantForm {
  /** '' until chosen (or looked up from the find spot). */
  nation: Nation | '';
  metal: FindMetal | '';
  age: FindAge | '';
  isCoin: boolean;
  /** Typed counts: a blank or unreadable one counts as one (the contract's rule). */
  coins: string;
  prehistoricBaseObjects: string;
  foundWithTreasure: boolean;
  realisedOn: string;
}

/** What the assistant reads of a find. */
export type AssessedFind = Partial<
  Pick<FindRecording, 'primaryMaterial' | 'objectType' | 'quantity' | 'foundOn' | 'treasureRealisedOn'>
> & { period?: string | null; created_at: string };

const METAL_OF_MATERIAL: Readonly<Record<string, FindMetal>> = {
  gold: 'gold',
  silver: 'silver',
  'copper alloy': 'base',
  lead: 'base',
  iron: 'base',
  tin: 'base',
  pewter: 'base',
};

/**
 * Periods that settle the age band (docs/treasure.md "Periods and date ranges"); the later ones straddle
 * 200 and 300 years ago and are left for the member to answer.
 */
const AGE_OF_PERIOD: Readonly<Record<string, FindAge>> = {
  'Stone Age': 'prehistoric',
  'Bronze Age': 'prehistoric',
  'Iron Age': 'prehistoric',
  Roman: 'over-300',
  Saxon: 'over-300',
  Viking: 'over-300',
  Medieval: 'over-300',
  Tudor: 'over-300',
};

/** The day a find was made: its `foundOn`, else the UK day it was logged (docs/treasure.md). */
export function foundOnOf(find: Pick<AssessedFind, 'foundOn' | 'created_at'>): string {
  if (isValidIsoDate(find.foundOn)) return find.foundOn;
  const logged = new Date(find.created_at);
  return ukDate(Number.isNaN(logged.getTime()) ? new Date() : logged);
}

/**
 * The answers a find suggests before the member says anything; the nation comes from the find spot. The
 * day they first thought it might be Treasure starts at the day it was found — the earliest, so the
 * deadline shown is never later than the law's — for the member to move if they only realised later.
 */
export function initialForm(find: AssessedFind, foundOn: string): AssistantForm {
  const isCoin = find.objectType?.trim().toLowerCase() === 'coin';
  const quantity = typeof find.quantity === 'number' && find.quantity > 1 ? find.quantity : 1;
  return {
    nation: '',
    metal: (find.primaryMaterial && METAL_OF_MATERIAL[find.primaryMaterial]) || '',
    age: (find.period && AGE_OF_PERIOD[find.period]) || '',
    isCoin,
    coins: String(isCoin ? quantity : 1),
    prehistoricBaseObjects: '1',
    foundWithTreasure: false,
    realisedOn: isValidIsoDate(find.treasureRealisedOn) ? find.treasureRealisedOn : foundOn,
  };
}

const count = (typed: string): number => {
  const value = Number(typed);
  return typed.trim() !== '' && Number.isFinite(value) ? value : 1;
};

/** The contract's answers, or null while the nation, metal or age is still to be chosen. */
export function answersOf(form: AssistantForm, foundOn: string): TreasureAnswers | null {
  if (!form.nation || !form.metal || !form.age) return null;
  return {
    nation: form.nation,
    metal: form.metal,
    age: form.age,
    isCoin: form.isCoin,
    coinsFromSameFind: count(form.coins),
    prehistoricBaseMetalObjectsFromSameFind: count(form.prehistoricBaseObjects),
    foundWithTreasure: form.foundWithTreasure,
    foundOn,
    realisedOn: isValidIsoDate(form.realisedOn) ? form.realisedOn : null,
  };
}

/** The prehistoric base-metal count matters only for a prehistoric base-metal object that is not a coin. */
export const asksForBaseObjects = (form: AssistantForm) =>
  !form.isCoin && form.age === 'prehistoric' && form.metal === 'base';
