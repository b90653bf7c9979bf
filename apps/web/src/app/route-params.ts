import { areWebParamsValid } from '@ekispot/shared';
import type { ParamRule } from './route-types';

/**
 * Whether every declared path parameter is well-formed. The rules live in
 * `@ekispot/shared` so the server's 404 for page addresses agrees with the client's.
 */
export function areRouteParamsValid(
  rules: Record<string, ParamRule> | undefined,
  params: Record<string, string | undefined>,
): boolean {
  return areWebParamsValid(rules, params);
}
