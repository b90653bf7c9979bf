import { stationGroupIdSchema } from '@ekispot/shared';
import { z } from 'zod';
import type { ParamRule } from './route-types';

const uuidSchema = z.uuid();
const tokenSchema = z.string().regex(/^[A-Za-z0-9_\-.~]{1,512}$/);

const RULES: Record<ParamRule, z.ZodType> = {
  stationGroupId: stationGroupIdSchema,
  uuid: uuidSchema,
  token: tokenSchema,
};

/** Whether every declared path parameter is well-formed. */
export function areRouteParamsValid(
  rules: Record<string, ParamRule> | undefined,
  params: Record<string, string | undefined>,
): boolean {
  if (!rules) return true;
  return Object.entries(rules).every(([name, rule]) => {
    const value = params[name];
    if (value === undefined) return false;
    if (rule === 'stationGroupId' && !/^[1-9][0-9]*$/.test(value)) return false;
    return RULES[rule].safeParse(value).success;
  });
}
