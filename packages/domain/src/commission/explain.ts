/**
 * A human-readable account of how a booking's expected commission (and its split) was worked out:
 * where the rate came from, the exact product, and the one rounding.
 */
import { applyPercent, applyPercentProduct, percentToString, type Percent } from '../money/percent';
import { formatUnits, moneyToString, type Cents } from '../money/money';
import type { BookingRate, RateSource } from './resolve-rate';

export const ROUNDING_NOTE = 'rounded half away from zero to the cent';

const SOURCE_TEXT: Record<RateSource, string> = {
  agent_rule: "the agent's own commission rule for this supplier",
  tier_rule: "the commission rule of the agent's tier on the booking date",
  agent_default: "the agent's default commission percentage",
  none: 'no commission rule or agent default, so 0',
};

/** One line of arithmetic: `exact` is the unrounded value, `rounded` the amount kept. */
export interface ExplanationStep {
  label: string;
  exact: string;
  rounded: string;
  /** True when rounding changed the value. */
  was_rounded: boolean;
  text: string;
}

export interface CommissionExplanation {
  source: RateSource;
  source_text: string;
  /** r, the agent side, as '12.50'. */
  percentage: string;
  is_sub_agent: boolean;
  split_percentage: string | null;
  sub_agent_percentage: string | null;
  parent_percentage: string | null;
  expected_commission: ExplanationStep;
  /** Sub-agent bookings: the sub-agent's amount (one rounding) and the parent's remainder. */
  sub_agent: ExplanationStep | null;
  parent: ExplanationStep | null;
  /** gross − expected commission. */
  company: ExplanationStep;
  /** Everything above as sentences, in order. */
  lines: string[];
}

/** An exact decimal `units / 10^scale` with trailing zeros trimmed down to 2 decimals. */
function exactDecimal(units: bigint, scale: number): string {
  return formatUnits(units, scale).replace(/(\.\d\d\d*?)0+$/, '$1');
}

function roundingStep(label: string, expression: string, exact: string, rounded: Cents): ExplanationStep {
  const r = moneyToString(rounded);
  const wasRounded = exact !== r;
  return {
    label,
    exact,
    rounded: r,
    was_rounded: wasRounded,
    text: wasRounded ? `${expression} = ${exact} → ${r} (${ROUNDING_NOTE})` : `${expression} = ${r}`,
  };
}

const pct = (p: Percent) => `${percentToString(p)}%`;

/**
 * Explains the expected commission of a booking of `gross` at `rate`, e.g. for 333.33 at 12.5%:
 * '333.33 × 12.50% = 41.66625 → 41.67 (rounded half away from zero to the cent)'.
 * `agentName` labels the agents in the sentences (default 'agent #id').
 */
export function explainExpectedCommission(input: ExplainInput): CommissionExplanation {
  const { gross, rate } = input;
  const r = rate.commission_percentage;
  const g = moneyToString(gross);
  const expected = applyPercent(gross, r);

  const expectedStep = roundingStep(
    'Expected commission',
    `${g} × ${pct(r)}`,
    exactDecimal(gross * r, 8), // cents (2) + percent units (4) + ÷100 (2)
    expected,
  );
  const companyAmount = (gross - expected) as Cents;
  const company = exactStep(
    'Company',
    companyAmount,
    `${g} − ${moneyToString(expected)} = ${moneyToString(companyAmount)} kept by the company`,
  );
  const split = rate.is_sub_agent && rate.split_percentage !== null ? explainSplit(input, expected) : null;
  const lines = split
    ? [
        ...split.lines,
        `Expected commission: ${expectedStep.text}`,
        `${split.subAgent.label}: ${split.subAgent.text}`,
        `${split.parent.label}: ${split.parent.text}`,
      ]
    : [
        rate.source === 'none'
          ? `Rate ${pct(r)}: no commission rule or agent default applies to this agent and supplier.`
          : `Rate ${pct(r)} from ${SOURCE_TEXT[rate.source]}.`,
        `Expected commission: ${expectedStep.text}`,
      ];
  lines.push(`Company: ${company.text}`);

  return {
    source: rate.source,
    source_text: SOURCE_TEXT[rate.source],
    percentage: percentToString(r),
    is_sub_agent: rate.is_sub_agent,
    split_percentage: rate.split_percentage === null ? null : percentToString(rate.split_percentage),
    sub_agent_percentage:
      rate.sub_agent_commission_percentage === null ? null : percentToString(rate.sub_agent_commission_percentage),
    parent_percentage:
      rate.parent_commission_percentage === null ? null : percentToString(rate.parent_commission_percentage),
    expected_commission: expectedStep,
    sub_agent: split?.subAgent ?? null,
    parent: split?.parent ?? null,
    company,
    lines,
  };
}

interface ExplainInput {
  gross: Cents;
  rate: BookingRate;
  subAgentId?: number | null;
  agentName?: (agentId: number) => string;
}

/** A step with nothing to round (a difference of cents). */
function exactStep(label: string, amount: Cents, text: string): ExplanationStep {
  const cents = moneyToString(amount);
  return { label, exact: cents, rounded: cents, was_rounded: false, text };
}

/**
 * A sub-agent's booking: who booked it under whom, the split, and the two shares. The sub-agent's share is
 * rounded once from gross × rate × split; the parent gets the rest, so the two add up to `expected`.
 */
function explainSplit(
  { gross, rate, subAgentId, agentName }: ExplainInput,
  expected: Cents,
): { lines: string[]; subAgent: ExplanationStep; parent: ExplanationStep } {
  const name = agentName ?? ((id: number) => `agent #${id}`);
  const r = rate.commission_percentage;
  const s = rate.split_percentage ?? (0n as Percent);
  const g = moneyToString(gross);
  const parentLabel = rate.parent_agent_id === null ? 'the parent agent' : name(rate.parent_agent_id);
  const subLabel = subAgentId === undefined || subAgentId === null ? 'the sub-agent' : name(subAgentId);
  const lines = [
    `Booked by ${subLabel} as a sub-agent of ${parentLabel}: the rate ${pct(r)} is ${parentLabel}'s, from ${SOURCE_TEXT[rate.source]}.`,
    `Split ${pct(s)}: ${subLabel} gets ${pct(r)} × ${pct(s)} = ${pct(rate.sub_agent_commission_percentage ?? (0n as Percent))} of gross, ${parentLabel} the rest of ${pct(r)}.`,
  ];
  const subAmount = applyPercentProduct(gross, r, s);
  const subAgent = roundingStep(
    `Sub-agent (${subLabel})`,
    `${g} × ${pct(r)} × ${pct(s)}`,
    exactDecimal(gross * r * s, 14), // + split units (4) + ÷100 (2)
    subAmount,
  );
  const parentAmount = (expected - subAmount) as Cents;
  const parent = exactStep(
    `Parent (${parentLabel})`,
    parentAmount,
    `${moneyToString(expected)} − ${moneyToString(subAmount)} = ${moneyToString(parentAmount)} (the rest of the agent side, so the two add up to the expected commission)`,
  );
  return { lines, subAgent, parent };
}
