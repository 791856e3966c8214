// A small C view of a PKCS#11 module (SoftHSM2 in development, a hardware HSM
// in production): load it, find tokens by label, log in, make P-256 keys that
// never leave the token, sign digests with them, delete them.
#ifndef CPKCS11_H
#define CPKCS11_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cp11_module cp11_module;

/// Loads the module at `path` and initialises it. NULL on failure, with a message in `error`.
cp11_module *cp11_open(const char *path, char *error, int error_length);
void cp11_close(cp11_module *module);

/// Every function returns 0 (CKR_OK) or the PKCS#11 return value.

/// The slot holding the initialised token labelled `label` (labels compare without the padding).
unsigned long cp11_find_token(cp11_module *module, const char *label, unsigned long *slot);
/// Initialises a fresh token labelled `label` on a free slot, with `so_pin` and the user PIN `user_pin`.
unsigned long cp11_init_token(cp11_module *module, const char *so_pin, const char *label, const char *user_pin);
/// Opens a read-write session on `slot` and logs in as the user with `pin`.
/// Re-initialises the token `label` as `new_label` with the SO PIN: every key on it is destroyed.
unsigned long cp11_wipe_token(cp11_module *module, const char *so_pin, const char *label, const char *new_label);

/// Logs in to the token `label` as its user with `old_pin` and sets the user PIN to `new_pin` (C_SetPIN):
/// no SO PIN needed, so a token provisioned ahead can be handed to a user who alone knows its PIN after.
unsigned long cp11_set_pin(cp11_module *module, const char *label, const char *old_pin, const char *new_pin);

/// Closes a session without logging the token out (other sessions stay logged in).
void cp11_close_session(cp11_module *module, unsigned long session);

unsigned long cp11_login(cp11_module *module, unsigned long slot, const char *pin, unsigned long *session);
void cp11_logout(cp11_module *module, unsigned long session);

/// Makes a P-256 key pair labelled `label` on the token: the private key is
/// sensitive, never extractable and can only sign. `ec_point` receives the
/// public point as X9.62 uncompressed bytes (65).
unsigned long cp11_generate_p256(cp11_module *module, unsigned long session, const char *label, unsigned char ec_point[65]);
/// The public point of the key pair labelled `label`.
unsigned long cp11_public_point(cp11_module *module, unsigned long session, const char *label, unsigned char ec_point[65]);
/// ECDSA over a 32-byte digest with the private key labelled `label`: r || s (64 bytes).
unsigned long cp11_sign_digest(cp11_module *module, unsigned long session, const char *label, const unsigned char digest[32],
                               unsigned char signature[64]);
/// The private key's protection, as the token reports it.
unsigned long cp11_private_key_flags(cp11_module *module, unsigned long session, const char *label, int *sensitive,
                                     int *extractable);
/// Deletes every object labelled `label`; `deleted` receives how many.
unsigned long cp11_destroy(cp11_module *module, unsigned long session, const char *label, int *deleted);

#ifdef __cplusplus
}
#endif

#endif
