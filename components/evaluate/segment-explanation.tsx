"use client";
// A segment's rules as the identity met them: each condition with the trait value it read.
import type { ExplainedCondition, ExplainedRule, ExplainedSegment } from "@/lib/dashboard/evaluate";
import { OPERATOR_LABELS, type Operator } from "@/lib/dashboard/segment-rules";

// The rule builder's own words, so the explainer reads like the segment it explains.
const operatorLabel = (operator: string) => OPERATOR_LABELS[operator as Operator] ?? operator;
const RULE_LABELS: Record<ExplainedRule["type"], string> = {
  ALL: "All of these",
  ANY: "Any of these",
  NONE: "None of these",
};

function Mark({ matched }: { matched: boolean }) {
  return (
    <span
      aria-label={matched ? "matched" : "not matched"}
      className={matched ? "text-emerald-600" : "text-red-600"}
    >
      {matched ? "✓" : "✗"}
    </span>
  );
}

function ConditionLine({ condition }: { condition: ExplainedCondition }) {
  const seen =
    condition.operator === "PERCENTAGE_SPLIT"
      ? `bucket ${condition.bucket === null || condition.bucket === undefined ? "none" : condition.bucket.toFixed(2)}`
      : `saw ${condition.seen === null ? "no value" : JSON.stringify(condition.seen)}`;
  return (
    <li data-testid="condition" className="flex flex-wrap items-baseline gap-2">
      <Mark matched={condition.matched} />
      <span className="text-xs">
        {condition.property ? <code className="font-mono">{condition.property}</code> : null}{" "}
        {operatorLabel(condition.operator)}{" "}
        {condition.value !== null && <code className="font-mono">{condition.value}</code>}
      </span>
      <span className="text-xs text-zinc-500 dark:text-zinc-400">{seen}</span>
    </li>
  );
}

function RuleBlock({ rule }: { rule: ExplainedRule }) {
  return (
    <div className="border-l border-zinc-200 pl-3 dark:border-zinc-700">
      <p className="text-xs font-medium text-zinc-600 dark:text-zinc-300">
        <Mark matched={rule.matched} /> {RULE_LABELS[rule.type]}
      </p>
      <ul className="space-y-0.5">
        {rule.conditions.map((condition, index) => (
          <ConditionLine key={index} condition={condition} />
        ))}
      </ul>
      {rule.rules.map((child, index) => (
        <RuleBlock key={index} rule={child} />
      ))}
    </div>
  );
}

export function SegmentExplanation({ segment }: { segment: ExplainedSegment }) {
  return (
    <div data-testid="segment-explanation" className="space-y-1">
      <p className="text-sm">
        <Mark matched={segment.matched} /> Segment <strong>{segment.name}</strong>{" "}
        {segment.matched ? "matched" : "did not match"}
      </p>
      {segment.rules.map((rule, index) => (
        <RuleBlock key={index} rule={rule} />
      ))}
    </div>
  );
}
