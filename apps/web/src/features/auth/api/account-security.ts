import {
  accountSecuritySchema,
  accountSessionListSchema,
  loginResultSchema,
  recoveryCodesSchema,
  reauthResultSchema,
  secureAccountResultSchema,
  totpSetupSchema,
  webauthnOptionsSchema,
  type passkeySignupOptionsBodySchema,
  type secondStepBodySchema,
} from '@ekispot/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, type RequestBody } from '../../../lib/api-client';
import { beginSessionChange } from '../../../lib/session-owner';
import { refreshAfterSessionChange, setSessionUser } from './get-me';
import { authKeys } from './query-keys';

/**
 * The account's security calls (docs/accounts.md#two-step-sign-in-and-passkeys): sessions,
 * re-authentication, the authenticator app, passkeys and the alert link. WebAuthn options come
 * back as the browser's JSON form and credentials go as their JSON text.
 */

export function useSessions() {
  return useQuery({
    queryKey: authKeys.sessions(),
    queryFn: async ({ signal }) =>
      (await apiRequest('/auth/sessions', { schema: accountSessionListSchema, signal })).data.items,
  });
}

export function useAccountSecurity() {
  return useQuery({
    queryKey: authKeys.security(),
    queryFn: async ({ signal }) =>
      (await apiRequest('/auth/security', { schema: accountSecuritySchema, signal })).data,
  });
}

/** A write that answers only a message, and refreshes the lists it changes. */
function useSecurityWrite<I>(call: (input: I) => Promise<string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.sessions() }),
        queryClient.invalidateQueries({ queryKey: authKeys.security() }),
      ]),
  });
}

const send = async (path: string, method: 'POST' | 'DELETE' = 'POST', body?: object) =>
  (await apiRequest(path, { method, ...(body && { body }), schema: z.null() })).message;

export const useEndSession = () =>
  useSecurityWrite((id: string) => send(`/auth/sessions/${id}`, 'DELETE'));
export const useEndOtherSessions = () => useSecurityWrite(() => send('/auth/sessions/end-others'));
export const useDisableTotp = () => useSecurityWrite(() => send('/auth/totp/disable'));
export const useRemovePasskey = () =>
  useSecurityWrite((id: string) => send(`/auth/passkeys/${id}`, 'DELETE'));

/** The browser's WebAuthn calls, loaded only when a passkey is used. */
const webauthn = () => import('@simplewebauthn/browser');

async function options(path: string, body?: object) {
  return (
    await apiRequest(path, { method: 'POST', ...(body && { body }), schema: webauthnOptionsSchema })
  ).data;
}

/** Confirms it is you with the password or a passkey: changes are open for 5 minutes. */
export function useReauth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { password: string } | { passkey: true }) => {
      if ('password' in input)
        return apiRequest('/auth/reauth', {
          method: 'POST',
          body: { password: input.password },
          schema: reauthResultSchema,
        });
      const { startAuthentication } = await webauthn();
      const optionsJSON = await options('/auth/reauth/passkey/options');
      const credential = await startAuthentication({ optionsJSON: optionsJSON as never });
      return apiRequest('/auth/reauth/passkey', {
        method: 'POST',
        body: { credential: JSON.stringify(credential) },
        schema: reauthResultSchema,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.security() }),
  });
}

export const useTotpSetup = () =>
  useMutation({
    mutationFn: async () =>
      (await apiRequest('/auth/totp/setup', { method: 'POST', schema: totpSetupSchema })).data,
  });

export function useEnableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      (
        await apiRequest('/auth/totp/enable', {
          method: 'POST',
          body: { code },
          schema: recoveryCodesSchema,
        })
      ).data.recoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.security() }),
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest('/auth/recovery-codes', { method: 'POST', schema: recoveryCodesSchema }))
        .data.recoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.security() }),
  });
}

/** Creates a passkey in the browser and adds it under a name. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { startRegistration } = await webauthn();
      const optionsJSON = await options('/auth/passkeys/options');
      const credential = await startRegistration({ optionsJSON: optionsJSON as never });
      const { message } = await apiRequest('/auth/passkeys', {
        method: 'POST',
        body: { name, credential: JSON.stringify(credential) },
        schema: z.unknown(),
      });
      return message;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.security() }),
  });
}

/** Signs in with the member's answer to the options (a button, or the browser's autofill). */
async function signInWith(credential: unknown) {
  const restore = await beginSessionChange();
  try {
    const { data } = await apiRequest('/auth/passkey-login', {
      method: 'POST',
      body: { credential: JSON.stringify(credential) },
      schema: loginResultSchema,
    });
    return data.user;
  } catch (error) {
    await restore();
    throw error;
  }
}

/**
 * 「パスキーでログイン」, and the browser's passkey autofill (conditional UI): `autofill` waits
 * for the member to pick a passkey in the address field's suggestions.
 */
export function usePasskeyLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ autofill }: { autofill: boolean }) => {
      const { startAuthentication } = await webauthn();
      const optionsJSON = await options('/auth/passkey-login/options');
      const credential = await startAuthentication({
        optionsJSON: optionsJSON as never,
        useBrowserAutofill: autofill,
      });
      return signInWith(credential);
    },
    onSuccess: (user) => {
      setSessionUser(queryClient, user);
      refreshAfterSessionChange(queryClient);
    },
  });
}

/** Whether this browser offers passkeys in its autofill. */
export async function passkeyAutofillAvailable(): Promise<boolean> {
  if (typeof window === 'undefined' || !window.PublicKeyCredential) return false;
  const { browserSupportsWebAuthnAutofill } = await webauthn();
  return browserSupportsWebAuthnAutofill();
}

/** The second step of a password login. */
export function useSecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RequestBody<typeof secondStepBodySchema>) => {
      const restore = await beginSessionChange();
      try {
        return (
          await apiRequest('/auth/login/second-step', {
            method: 'POST',
            body: input,
            schema: loginResultSchema,
          })
        ).data.user;
      } catch (error) {
        await restore();
        throw error;
      }
    },
    onSuccess: (user) => {
      setSessionUser(queryClient, user);
      refreshAfterSessionChange(queryClient);
    },
  });
}

/** Registers with a passkey and no password: a confirmation mail follows. */
export const usePasskeySignup = () =>
  useMutation({
    mutationFn: async (input: RequestBody<typeof passkeySignupOptionsBodySchema>) => {
      const { startRegistration } = await webauthn();
      const optionsJSON = await options('/auth/passkey-signup/options', input);
      const credential = await startRegistration({ optionsJSON: optionsJSON as never });
      return (
        await apiRequest('/auth/passkey-signup', {
          method: 'POST',
          body: { credential: JSON.stringify(credential) },
          schema: z.null(),
        })
      ).message;
    },
  });

/** The alert mail's link: every session ends; the answer is a fresh reset link's token. */
export const useSecureAccount = () =>
  useMutation({
    mutationFn: async (token: string) =>
      (
        await apiRequest(`/auth/secure-account/${token}`, {
          method: 'POST',
          schema: secureAccountResultSchema,
        })
      ).data.resetToken,
  });
