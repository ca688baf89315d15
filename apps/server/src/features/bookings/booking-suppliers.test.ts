import { beforeAll, describe, expect, it } from 'vitest';
import { insertRule, insertSubAgentLink, insertSupplier, insertTier } from '../../test/factories';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';

let t: TestApp;
let admin: TestClient;
let agent: TestClient & { agentId: number | null };
let sub: TestClient & { agentId: number | null };
let parentId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['Sunwing', 'Transat', 'WestJet']) ids[name] = await insertSupplier(t.db, { name });
  const gold = await insertTier(t.db, 'Gold');
  await insertRule(t.db, 'tier', gold, '12.5', [ids.Sunwing!]);
  admin = await t.signedIn('admin');
  agent = await t.signedIn('agent', { tier: 'Gold' });
  const parent = await t.signedIn('agent', { name: 'Pat Parent' });
  parentId = parent.agentId!;
  await insertRule(t.db, 'agent', parentId, '70', [ids.Transat!]);
  sub = await t.signedIn('agent', { name: 'Sam Sub' });
  await insertSubAgentLink(t.db, { parent: parentId, sub: sub.agentId!, split: '60', suppliers: [ids.Transat!] });
});

type Option = {
  id: number;
  name: string;
  parentAgentName: string | null;
  parentAgentId: number | null;
  splitPercentage: number | null;
  commission_percentage: number | null;
  bookable: boolean;
};

describe('GET /api/booking-suppliers', () => {
  it('gives an agent the suppliers they have a rate for', async () => {
    const data = (await agent.get('/api/booking-suppliers')).json().data as Option[];
    expect(data.map((s) => [s.name, s.commission_percentage, s.parentAgentId])).toEqual([['Sunwing', 12.5, null]]);
  });

  it('gives a sub-agent the suppliers reached through the parent, with the parent and the split', async () => {
    const data = (await sub.get('/api/booking-suppliers')).json().data as Option[];
    expect(data).toEqual([
      expect.objectContaining({
        name: 'Transat',
        parentAgentId: parentId,
        parentAgentName: 'Pat Parent',
        splitPercentage: 60,
        commission_percentage: 70,
        bookable: true,
      }),
    ]);
  });

  it('gives an admin every supplier, annotated for the chosen agent', async () => {
    const all = (await admin.get('/api/booking-suppliers')).json().data as Option[];
    expect(all.map((s) => s.name)).toEqual(['Sunwing', 'Transat', 'WestJet']);
    const forSub = (await admin.get(`/api/booking-suppliers?agent_id=${sub.agentId}`)).json().data as Option[];
    expect(forSub.map((s) => [s.name, s.bookable, s.parentAgentName])).toEqual([
      ['Sunwing', false, null],
      ['Transat', true, 'Pat Parent'],
      ['WestJet', false, null],
    ]);
    expect((await admin.get('/api/booking-suppliers?agent_id=999999')).statusCode).toBe(422);
  });

  it("refuses an agent asking about another agent's suppliers", async () => {
    expect((await agent.get(`/api/booking-suppliers?agent_id=${sub.agentId}`)).statusCode).toBe(403);
  });
});
