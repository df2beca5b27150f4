import { randomBytes } from 'node:crypto';
import { ProtectionProfileAeadAes128Gcm, SrtpSession } from 'werift';

/**
 * Two ends of one SRTP (AEAD_AES_128_GCM) association, as werift builds them after DTLS. `reference` has the
 * sender's keys, to compare against werift's own encryption byte for byte.
 */
export const srtpPair = () => {
  const a = { key: randomBytes(16), salt: randomBytes(12) };
  const b = { key: randomBytes(16), salt: randomBytes(12) };
  const session = (local: typeof a, remote: typeof a) =>
    new SrtpSession({
      keys: {
        localMasterKey: local.key,
        localMasterSalt: local.salt,
        remoteMasterKey: remote.key,
        remoteMasterSalt: remote.salt,
      },
      profile: ProtectionProfileAeadAes128Gcm,
    });
  return { sender: session(a, b), receiver: session(b, a), reference: session(a, b) };
};
