/**
 * What the assistant starts from and how its inputs become the contract's answers (docs/treasure.md "The
 * answers"), and the days-left words the card and the list show.
 */
import { describe, expect, it } from 'vitest';
import { daysLeftWords } from '../texts';
import { answersOf, foundOnOf, initialForm } from './assistant-answers';

const logged = '2026-07-14T23:30:00Z';

describe('the assistant’s answers', () => {
  it('starts from what the find says: its metal, a coin and how many, an age its period settles', () => {
    const form = initialForm(
      { primaryMaterial: 'silver', objectType: 'Coin', quantity: 12, period: 'Roman', created_at: logged },
      '2026-07-10',
    );
    expect(form).toMatchObject({ metal: 'silver', isCoin: true, coins: '12', age: 'over-300', nation: '' });
    // The earliest day: the deadline shown is never later than the law's.
    expect(form.realisedOn).toBe('2026-07-10');
    const later = initialForm(
      { period: 'Victorian', primaryMaterial: 'ceramic', created_at: logged },
      '2026-07-10',
    );
    expect(later).toMatchObject({ metal: '', age: '', isCoin: false, coins: '1' });
  });

  it('counts from the UK day the find was logged when it has no found day', () => {
    // 23:30 UTC in July is already the 15th in the UK.
    expect(foundOnOf({ created_at: logged })).toBe('2026-07-15');
    expect(foundOnOf({ foundOn: '2026-07-01', created_at: logged })).toBe('2026-07-01');
  });

  it('gives no answers until the nation, metal and age are chosen; blank counts and days read as none', () => {
    const form = initialForm({ created_at: logged }, '2026-07-10');
    expect(answersOf(form, '2026-07-10')).toBeNull();
    const answers = answersOf(
      { ...form, nation: 'wales', metal: 'base', age: 'prehistoric', coins: '', realisedOn: '' },
      '2026-07-10',
    );
    expect(answers).toMatchObject({ nation: 'wales', coinsFromSameFind: 1, realisedOn: null });
  });

  it('says the days left in words', () => {
    expect([3, 1, 0, -1, -5].map(daysLeftWords)).toEqual([
      '3 days left',
      '1 day left',
      'Last day today',
      '1 day overdue',
      '5 days overdue',
    ]);
  });
});
