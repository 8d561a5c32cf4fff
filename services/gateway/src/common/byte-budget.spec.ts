import { ByteBudget } from './byte-budget';

describe('ByteBudget', () => {
  it('lets a burst through at once, then refills at its rate', () => {
    const budget = new ByteBudget(1_000, 3_000);
    expect(budget.trySpend('a', 2_000, 0)).toBe(0);
    expect(budget.trySpend('a', 1_000, 0)).toBe(0);
    // nothing left: the next 1,000 bytes fit in a second, and nothing was charged for asking
    expect(budget.trySpend('a', 1_000, 0)).toBe(1_000);
    expect(budget.left('a', 0)).toBe(0);
    expect(budget.trySpend('a', 1_000, 1_000)).toBe(0);
    // someone else has their own
    expect(budget.trySpend('b', 3_000, 1_000)).toBe(0);
  });

  it('charges what was read even past the budget, and says how long until there is some again', () => {
    const budget = new ByteBudget(1_000, 2_000);
    expect(budget.spend('a', 5_000, 0)).toBe(3_000);
    expect(budget.left('a', 0)).toBe(-3_000);
    expect(budget.trySpend('a', 10, 2_000)).toBe(1_010);
    expect(budget.left('a', 5_000)).toBe(2_000);
  });

  it('forgets budgets that have refilled', () => {
    const budget = new ByteBudget(1_000, 2_000);
    budget.spend('a', 1_000, 0);
    budget.spend('b', 1_000, 0);
    budget.sweep(500);
    expect(budget.left('a', 500)).toBe(1_500);
    budget.sweep(1_000);
    expect(budget.left('a', 1_000)).toBe(2_000);
  });
});
