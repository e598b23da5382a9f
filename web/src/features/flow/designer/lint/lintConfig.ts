/// <reference path="./bpmnlint.d.ts" />
import recommended from 'bpmnlint/config/recommended';
import adHocSubProcess from 'bpmnlint/rules/ad-hoc-sub-process';
import conditionalEvent from 'bpmnlint/rules/conditional-event';
import conditionalFlows from 'bpmnlint/rules/conditional-flows';
import endEventRequired from 'bpmnlint/rules/end-event-required';
import eventBasedGateway from 'bpmnlint/rules/event-based-gateway';
import eventSubProcessTypedStartEvent from 'bpmnlint/rules/event-sub-process-typed-start-event';
import fakeJoin from 'bpmnlint/rules/fake-join';
import globalRule from 'bpmnlint/rules/global';
import labelRequired from 'bpmnlint/rules/label-required';
import linkEvent from 'bpmnlint/rules/link-event';
import noBpmndi from 'bpmnlint/rules/no-bpmndi';
import noComplexGateway from 'bpmnlint/rules/no-complex-gateway';
import noDisconnected from 'bpmnlint/rules/no-disconnected';
import noDuplicateSequenceFlows from 'bpmnlint/rules/no-duplicate-sequence-flows';
import noGatewayJoinFork from 'bpmnlint/rules/no-gateway-join-fork';
import noImplicitEnd from 'bpmnlint/rules/no-implicit-end';
import noImplicitSplit from 'bpmnlint/rules/no-implicit-split';
import noImplicitStart from 'bpmnlint/rules/no-implicit-start';
import noInclusiveGateway from 'bpmnlint/rules/no-inclusive-gateway';
import noOverlappingElements from 'bpmnlint/rules/no-overlapping-elements';
import singleBlankStartEvent from 'bpmnlint/rules/single-blank-start-event';
import singleEventDefinition from 'bpmnlint/rules/single-event-definition';
import standardSize from 'bpmnlint/rules/standard-size';
import startEventRequired from 'bpmnlint/rules/start-event-required';
import subProcessBlankStartEvent from 'bpmnlint/rules/sub-process-blank-start-event';
import superfluousGateway from 'bpmnlint/rules/superfluous-gateway';
import superfluousLabel from 'bpmnlint/rules/superfluous-label';
import superfluousTermination from 'bpmnlint/rules/superfluous-termination';
import { tplRules } from './tplRules';

/** a bpmnlint rule factory: (options) => { check, meta } */
type AnyRule = () => object;

/**
 * The bpmnlint configuration the designer runs (bpmn-js-bpmnlint's `{ config, resolver }`),
 * built from bpmnlint's own rule modules instead of a packing step: bpmnlint's recommended
 * rules plus ours (plugin "tpl": what the engine needs to run the model). Vite bundles the
 * rule modules like any other import.
 */
const builtin: Record<string, AnyRule> = {
  'ad-hoc-sub-process': adHocSubProcess,
  'conditional-event': conditionalEvent,
  'conditional-flows': conditionalFlows,
  'end-event-required': endEventRequired,
  'event-based-gateway': eventBasedGateway,
  'event-sub-process-typed-start-event': eventSubProcessTypedStartEvent,
  'fake-join': fakeJoin,
  'global': globalRule,
  'label-required': labelRequired,
  'link-event': linkEvent,
  'no-bpmndi': noBpmndi,
  'no-complex-gateway': noComplexGateway,
  'no-disconnected': noDisconnected,
  'no-duplicate-sequence-flows': noDuplicateSequenceFlows,
  'no-gateway-join-fork': noGatewayJoinFork,
  'no-implicit-end': noImplicitEnd,
  'no-implicit-split': noImplicitSplit,
  'no-implicit-start': noImplicitStart,
  'no-inclusive-gateway': noInclusiveGateway,
  'no-overlapping-elements': noOverlappingElements,
  'single-blank-start-event': singleBlankStartEvent,
  'single-event-definition': singleEventDefinition,
  'standard-size': standardSize,
  'start-event-required': startEventRequired,
  'sub-process-blank-start-event': subProcessBlankStartEvent,
  'superfluous-gateway': superfluousGateway,
  'superfluous-label': superfluousLabel,
  'superfluous-termination': superfluousTermination,
};

export const TPL_PLUGIN = 'tpl';

export const lintRules: Record<string, string> = {
  ...(recommended as { rules: Record<string, string> }).rules,
  // an exclusive gateway that merges and splits runs correctly on our engine (the shipped
  // consignment review does it after its escalation): worth a look, not a blocked deploy
  'no-gateway-join-fork': 'warn',
  ...Object.fromEntries(Object.keys(tplRules).map((name) => [`${TPL_PLUGIN}/${name}`, 'error'])),
};

export const lintResolver = {
  resolveRule(pkg: string, ruleName: string): AnyRule {
    const rule = pkg === 'bpmnlint' ? builtin[ruleName] : pkg === `bpmnlint-plugin-${TPL_PLUGIN}` ? tplRules[ruleName] : undefined;
    if (!rule) throw new Error(`cannot resolve rule <${pkg}/${ruleName}>`);
    return rule;
  },
  resolveConfig(pkg: string, configName: string): never {
    throw new Error(`cannot resolve config <${configName}> in <${pkg}>`);
  },
};

export const lintConfig = { config: { rules: lintRules }, resolver: lintResolver };
