import { describe, expect, it } from 'vitest';
import {
  CLAIM_MESSAGES,
  claimBookingReferenceProblem,
  claimDecisionRefusal,
  claimRefusal,
  claimedBookingStatus,
  isClaimedOnSave,
  normalizeReference,
  pendingClaimMessage,
  resolveClaimCandidate,
  type ClaimableTransactionFacts,
} from './claim-rules';

const unmatched: ClaimableTransactionFacts = {
  transaction_type: 'credit',
  status: 'completed',
  accountable_type: 'supplier',
  matched: false,
  pending_claim_id: null,
};

describe('claimRefusal (DOMAIN.md "unmatched credit transaction")', () => {
  it('allows a completed credit on a supplier account that matches no booking and has no pending claim', () => {
    expect(claimRefusal(unmatched)).toBeNull();
  });

  it.each<[string, Partial<ClaimableTransactionFacts>, string]>([
    ['an agent account', { accountable_type: 'agent' }, CLAIM_MESSAGES.notSupplierAccount],
    ['a debit', { transaction_type: 'debit' }, CLAIM_MESSAGES.notCredit],
    ['a pending transaction', { status: 'pending' }, CLAIM_MESSAGES.notCompleted],
    ['a reversed transaction', { status: 'reversed' }, CLAIM_MESSAGES.notCompleted],
    ['a matched transaction', { matched: true }, CLAIM_MESSAGES.alreadyMatched],
    [
      'a transaction with a pending claim',
      { pending_claim_id: 12 },
      'This transaction already has a pending claim (#12).',
    ],
  ])('refuses %s', (_name, change, message) => {
    expect(claimRefusal({ ...unmatched, ...change })).toBe(message);
  });

  it('names the pending claim', () => {
    expect(pendingClaimMessage(7)).toBe('This transaction already has a pending claim (#7).');
  });
});

describe("resolveClaimCandidate (the spec's claim names a reference and a supplier, not a transaction)", () => {
  const candidate = (id: number, facts: Partial<ClaimableTransactionFacts> = {}) => ({ id, ...unmatched, ...facts });

  it('is the one unmatched credit, whatever else shares the reference', () => {
    const found = resolveClaimCandidate(' ac-1 ', [
      candidate(1, { matched: true }),
      candidate(2),
      candidate(3, { pending_claim_id: 9 }),
    ]);
    expect(found).toEqual({ id: 2, problem: null });
  });

  it('refuses more than one, asking for the transaction id', () => {
    expect(resolveClaimCandidate(' ac-1 ', [candidate(1), candidate(2)])).toEqual({
      id: null,
      problem:
        '2 unmatched credit transactions of this supplier have the reference number AC-1: send booking_data.transaction_id to say which one is claimed.',
    });
  });

  it('names the pending claim that holds the only one', () => {
    expect(
      resolveClaimCandidate('AC-1', [candidate(1, { matched: true }), candidate(2, { pending_claim_id: 7 })]),
    ).toEqual({ id: null, problem: pendingClaimMessage(7) });
  });

  it.each([
    ['nothing', []],
    ['a matched credit', [candidate(1, { matched: true })]],
    ['a matched credit under a claim', [candidate(1, { matched: true, pending_claim_id: 4 })]],
    ['a pending credit', [candidate(1, { status: 'pending' })]],
  ])('refuses when none is unmatched: %s', (_name, candidates) => {
    expect(resolveClaimCandidate('ac-1', candidates)).toEqual({
      id: null,
      problem: 'No unmatched credit transaction of this supplier has the reference number AC-1.',
    });
  });
});

describe('claimBookingReferenceProblem', () => {
  it('accepts the transaction reference trimmed and in any case', () => {
    expect(claimBookingReferenceProblem('ABC-123', ' abc-123 ')).toBeNull();
    expect(normalizeReference('  tsr-9 ')).toBe('TSR-9');
  });

  it('refuses another reference and names the one expected', () => {
    expect(claimBookingReferenceProblem('ABC-124', 'abc-123')).toBe(
      "The booking reference must be the transaction's reference number (ABC-123) so the booking matches it.",
    );
  });
});

describe('claimDecisionRefusal', () => {
  it('lets a pending claim be decided once', () => {
    expect(claimDecisionRefusal('pending')).toBeNull();
    expect(claimDecisionRefusal('approved')).toBe('This claim has already been approved.');
    expect(claimDecisionRefusal('rejected')).toBe('This claim has already been rejected.');
  });
});

describe('claimed bookings (spec §4, §6)', () => {
  const admin = { is_admin: true };
  const agent = { is_admin: false };

  it("is an admin's choice on create; an agent's flag is ignored; an edit keeps the booking's", () => {
    expect(isClaimedOnSave(admin, true, null)).toBe(true);
    expect(isClaimedOnSave(admin, false, null)).toBe(false);
    expect(isClaimedOnSave(agent, true, null)).toBe(false);
    expect(isClaimedOnSave(admin, false, { is_claimed_booking: true })).toBe(true);
    expect(isClaimedOnSave(admin, true, { is_claimed_booking: false })).toBe(false);
  });

  it('creates a claimed booking pending whatever status was chosen, and leaves an edit alone', () => {
    expect(claimedBookingStatus(true, true, 'confirmed')).toBe('pending');
    expect(claimedBookingStatus(false, true, 'confirmed')).toBe('confirmed');
    expect(claimedBookingStatus(true, false, 'confirmed')).toBe('confirmed');
  });
});
