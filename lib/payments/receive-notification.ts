import type { DB } from '@/db/client';
import { AppError } from '@/lib/http/app-error';
import { applyEvent } from './apply-event';
import { providerConfig } from './methods';
import { providerFor } from './providers';
import { isOnlineKind, ProviderError, type Acknowledgement, type IncomingNotification } from './providers/types';

/**
 * A provider's notification for this conference: the signature is verified with the method's keys
 * before anything in it is read, then the event is applied (lib/payments/apply-event.ts). Refusals
 * change nothing: a bad signature (PAYMENT_SIGNATURE), an unreadable body, an unknown bill, a wrong
 * amount or currency. The answer is what the provider expects to hear.
 */
export async function receiveNotification(
  db: DB,
  input: { conferenceId: number; kind: string; notification: IncomingNotification },
): Promise<Acknowledgement> {
  if (!isOnlineKind(input.kind)) throw new AppError('NOT_FOUND');
  const provider = providerFor(input.kind);
  const config = await providerConfig(db, input.conferenceId, input.kind, { evenIfOff: true });
  if (!provider || !config) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
  let verified;
  try {
    verified = await provider.verifyNotification(config, input.notification);
  } catch (error) {
    if (error instanceof ProviderError && (error.reason === 'signature' || error.reason === 'malformed')) {
      console.warn(`[payments] ${input.kind} notification refused: ${error.reason}: ${error.message}`);
      throw new AppError(error.reason === 'signature' ? 'PAYMENT_SIGNATURE' : 'INVALID_INPUT');
    }
    throw error instanceof ProviderError ? new AppError('PAYMENT_PROVIDER_FAILED') : error;
  }
  if (verified.event) await applyEvent(db, { conferenceId: input.conferenceId, kind: input.kind, event: verified.event, source: 'notify' });
  return verified.ack;
}
