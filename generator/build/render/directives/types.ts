// The shape of a directive handler: a `::name{attr=…}` line in a page that expands into mdast built from the model.
import type { PhrasingContent, RootContent } from 'mdast';
import type { Model, Page } from '../../../model/types.js';
import type { Registry } from '../../registry/registry.js';
import type { RuleId } from '../../messages/rules.js';

export interface DirectiveContext {
  model: Model;
  registry: Registry;
  page: Page;
  /** Reports a mistake in the directive's use at the directive's place in the page. */
  fail(ruleId: RuleId, reason: string, fix: string): void;
  /** The model's text with the environment's addresses filled in. */
  fill(text: string): string;
}

/** A block directive (`::controls`): its own line in the page. */
export interface BlockDirective {
  /** What it produces, for the README and for messages. */
  summary: string;
  /** The attributes it accepts (`::not-shown{only="limits"}`); any other is an error. */
  attributes?: string[];
  expand(attributes: Record<string, string>, context: DirectiveContext): RootContent[];
}

/** An inline directive (`:service-name`) inside a sentence. */
export interface InlineDirective {
  summary: string;
  expand(context: DirectiveContext): PhrasingContent[];
}
