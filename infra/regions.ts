import { RegionInfo } from 'aws-cdk-lib/region-info';
import REGION_SUPPORT from './region-support.json';

/**
 * Which resource types of the stack CloudFormation lacks in each commercial region, from
 * cfn-lint's per-region schemas (`infra/region-support.json`, written by
 * `infra/region-support.py`; `infra/regions.test.ts` checks it against cfn-lint).
 */
export const REGION_DATA: {
  source: string;
  types: string[];
  missing: Record<string, string[]>;
} = REGION_SUPPORT;

export const BUDGET_TYPE = 'AWS::Budgets::Budget';
/** Only with `mailFrom`: the configuration set auth e-mails go through. */
export const MAIL_TYPES = [
  'AWS::SES::ConfigurationSet',
  'AWS::SES::ConfigurationSetEventDestination',
];

/** The regions of the commercial partition (`aws`) the data covers. */
export const COMMERCIAL_REGIONS = Object.keys(REGION_DATA.missing);

/** Partition of each region aws-cdk-lib knows (what `region-support.py` filters on). */
export function regionPartitions(): Record<string, string | undefined> {
  return Object.fromEntries(RegionInfo.regions.map((info) => [info.name, info.partition]));
}

/** Types of the stack CloudFormation lacks in `region`; undefined for a region not covered. */
export function missingTypes(region: string): string[] | undefined {
  return REGION_DATA.missing[region];
}

export interface RegionNeeds {
  /** The operator asked for a budget (`monthlyBudgetUsd`): it is then needed, not optional. */
  budgetAsked: boolean;
  sendsMail: boolean;
}

/** Whether the budget is created: wherever CloudFormation has the type (or the region is unknown). */
export function budgetAvailable(region: string | undefined): boolean {
  return region === undefined || !(missingTypes(region) ?? []).includes(BUDGET_TYPE);
}

/** Why the stack cannot deploy to `region`, naming each missing type; empty when it can. */
export function regionProblems(region: string, needs: RegionNeeds): string[] {
  const missing = missingTypes(region);
  if (!missing) {
    return [
      `Region ${region} is not one of the ${COMMERCIAL_REGIONS.length} commercial AWS regions ` +
        `this stack is checked against (infra/region-support.json): ${COMMERCIAL_REGIONS.join(', ')}.`,
    ];
  }
  const needed = missing.filter((type) => {
    if (type === BUDGET_TYPE) return needs.budgetAsked;
    if (MAIL_TYPES.includes(type)) return needs.sendsMail;
    return true;
  });
  if (needed.length === 0) return [];
  const hints = [
    needs.budgetAsked && needed.includes(BUDGET_TYPE) ? 'drop -c monthlyBudgetUsd' : '',
    needs.sendsMail && needed.some((type) => MAIL_TYPES.includes(type)) ? 'drop -c mailFrom' : '',
  ].filter(Boolean);
  return [
    `CloudFormation in ${region} has no ${needed.join(', ')}, which this stack needs. ` +
      `Deploy to another region${hints.length ? `, or ${hints.join(' and ')}` : ''}.`,
  ];
}
