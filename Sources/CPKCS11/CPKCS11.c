#include "CPKCS11.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <p11-kit/pkcs11.h>

struct cp11_module {
    void *library;
    CK_FUNCTION_LIST_PTR functions;
};

cp11_module *cp11_open(const char *path, char *error, int error_length) {
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(error, error_length, "cannot load %s: %s", path, dlerror());
        return NULL;
    }
    CK_C_GetFunctionList get = (CK_C_GetFunctionList)dlsym(library, "C_GetFunctionList");
    CK_FUNCTION_LIST_PTR functions = NULL;
    if (!get || get(&functions) != CKR_OK || !functions) {
        snprintf(error, error_length, "%s is not a PKCS#11 module", path);
        dlclose(library);
        return NULL;
    }
    CK_C_INITIALIZE_ARGS args;
    memset(&args, 0, sizeof(args));
    args.flags = CKF_OS_LOCKING_OK;
    CK_RV rv = functions->C_Initialize(&args);
    if (rv != CKR_OK && rv != CKR_CRYPTOKI_ALREADY_INITIALIZED) {
        snprintf(error, error_length, "C_Initialize failed: 0x%lx", (unsigned long)rv);
        dlclose(library);
        return NULL;
    }
    cp11_module *module = calloc(1, sizeof(cp11_module));
    module->library = library;
    module->functions = functions;
    return module;
}

void cp11_close(cp11_module *module) {
    if (!module) return;
    module->functions->C_Finalize(NULL);
    dlclose(module->library);
    free(module);
}

/// A token label as PKCS#11 stores it: 32 bytes padded with spaces.
static void padded_label(const char *label, CK_UTF8CHAR out[32]) {
    memset(out, ' ', 32);
    size_t length = strlen(label);
    memcpy(out, label, length > 32 ? 32 : length);
}

static CK_RV slots(cp11_module *module, CK_BBOOL present, CK_SLOT_ID **list, CK_ULONG *count) {
    CK_RV rv = module->functions->C_GetSlotList(present, NULL, count);
    if (rv != CKR_OK) return rv;
    *list = calloc(*count + 1, sizeof(CK_SLOT_ID));
    rv = module->functions->C_GetSlotList(present, *list, count);
    if (rv != CKR_OK) free(*list);
    return rv;
}

unsigned long cp11_find_token(cp11_module *module, const char *label, unsigned long *slot) {
    CK_SLOT_ID *list = NULL;
    CK_ULONG count = 0;
    CK_RV rv = slots(module, CK_TRUE, &list, &count);
    if (rv != CKR_OK) return rv;
    CK_UTF8CHAR wanted[32];
    padded_label(label, wanted);
    for (CK_ULONG i = 0; i < count; i++) {
        CK_TOKEN_INFO info;
        if (module->functions->C_GetTokenInfo(list[i], &info) != CKR_OK) continue;
        if ((info.flags & CKF_TOKEN_INITIALIZED) && memcmp(info.label, wanted, 32) == 0) {
            *slot = list[i];
            free(list);
            return CKR_OK;
        }
    }
    free(list);
    return CKR_TOKEN_NOT_PRESENT;
}

unsigned long cp11_init_token(cp11_module *module, const char *so_pin, const char *label, const char *user_pin) {
    CK_SLOT_ID *list = NULL;
    CK_ULONG count = 0;
    CK_RV rv = slots(module, CK_TRUE, &list, &count);
    if (rv != CKR_OK) return rv;
    CK_SLOT_ID free_slot = 0;
    int found = 0;
    for (CK_ULONG i = 0; i < count && !found; i++) {
        CK_TOKEN_INFO info;
        if (module->functions->C_GetTokenInfo(list[i], &info) == CKR_OK && !(info.flags & CKF_TOKEN_INITIALIZED)) {
            free_slot = list[i];
            found = 1;
        }
    }
    free(list);
    if (!found) return CKR_TOKEN_NOT_PRESENT;
    CK_UTF8CHAR padded[32];
    padded_label(label, padded);
    rv = module->functions->C_InitToken(free_slot, (CK_UTF8CHAR_PTR)so_pin, strlen(so_pin), padded);
    if (rv != CKR_OK) return rv;
    // The token may move to another slot id once initialised: find it again by label.
    CK_SLOT_ID slot;
    rv = cp11_find_token(module, label, &slot);
    if (rv != CKR_OK) return rv;
    CK_SESSION_HANDLE session;
    rv = module->functions->C_OpenSession(slot, CKF_SERIAL_SESSION | CKF_RW_SESSION, NULL, NULL, &session);
    if (rv != CKR_OK) return rv;
    rv = module->functions->C_Login(session, CKU_SO, (CK_UTF8CHAR_PTR)so_pin, strlen(so_pin));
    if (rv == CKR_OK) {
        rv = module->functions->C_InitPIN(session, (CK_UTF8CHAR_PTR)user_pin, strlen(user_pin));
        module->functions->C_Logout(session);
    }
    module->functions->C_CloseSession(session);
    return rv;
}

unsigned long cp11_wipe_token(cp11_module *module, const char *so_pin, const char *label, const char *new_label) {
    CK_SLOT_ID slot;
    CK_RV rv = cp11_find_token(module, label, &slot);
    if (rv != CKR_OK) return rv;
    CK_UTF8CHAR padded[32];
    padded_label(new_label, padded);
    // Re-initialising a token destroys every object on it.
    return module->functions->C_InitToken(slot, (CK_UTF8CHAR_PTR)so_pin, strlen(so_pin), padded);
}

unsigned long cp11_set_pin(cp11_module *module, const char *label, const char *old_pin, const char *new_pin) {
    CK_SLOT_ID slot;
    CK_RV rv = cp11_find_token(module, label, &slot);
    if (rv != CKR_OK) return rv;
    CK_SESSION_HANDLE session;
    rv = cp11_login(module, slot, old_pin, &session);
    if (rv != CKR_OK) return rv;
    rv = module->functions->C_SetPIN(session, (CK_UTF8CHAR_PTR)old_pin, strlen(old_pin), (CK_UTF8CHAR_PTR)new_pin, strlen(new_pin));
    module->functions->C_Logout(session);
    module->functions->C_CloseSession(session);
    return rv;
}

unsigned long cp11_login(cp11_module *module, unsigned long slot, const char *pin, unsigned long *session) {
    CK_SESSION_HANDLE handle;
    CK_RV rv = module->functions->C_OpenSession(slot, CKF_SERIAL_SESSION | CKF_RW_SESSION, NULL, NULL, &handle);
    if (rv != CKR_OK) return rv;
    rv = module->functions->C_Login(handle, CKU_USER, (CK_UTF8CHAR_PTR)pin, strlen(pin));
    if (rv != CKR_OK && rv != CKR_USER_ALREADY_LOGGED_IN) {
        module->functions->C_CloseSession(handle);
        return rv;
    }
    *session = handle;
    return CKR_OK;
}

void cp11_close_session(cp11_module *module, unsigned long session) {
    module->functions->C_CloseSession(session);
}

void cp11_logout(cp11_module *module, unsigned long session) {
    module->functions->C_Logout(session);
    module->functions->C_CloseSession(session);
}

/// The first object of `class` labelled `label`.
static CK_RV find_object(cp11_module *module, CK_SESSION_HANDLE session, CK_OBJECT_CLASS class, const char *label,
                         CK_OBJECT_HANDLE *object) {
    CK_ATTRIBUTE template[] = {
        {CKA_CLASS, &class, sizeof(class)},
        {CKA_LABEL, (void *)label, strlen(label)},
    };
    CK_RV rv = module->functions->C_FindObjectsInit(session, template, 2);
    if (rv != CKR_OK) return rv;
    CK_ULONG found = 0;
    rv = module->functions->C_FindObjects(session, object, 1, &found);
    module->functions->C_FindObjectsFinal(session);
    if (rv != CKR_OK) return rv;
    return found == 1 ? CKR_OK : CKR_KEY_HANDLE_INVALID;
}

/// CKA_EC_POINT is a DER OCTET STRING around the 65-byte uncompressed point.
static CK_RV read_point(cp11_module *module, CK_SESSION_HANDLE session, CK_OBJECT_HANDLE key, unsigned char ec_point[65]) {
    unsigned char der[80];
    CK_ATTRIBUTE attribute = {CKA_EC_POINT, der, sizeof(der)};
    CK_RV rv = module->functions->C_GetAttributeValue(session, key, &attribute, 1);
    if (rv != CKR_OK) return rv;
    if (attribute.ulValueLen == 67 && der[0] == 0x04 && der[1] == 65 && der[2] == 0x04) {
        memcpy(ec_point, der + 2, 65);
        return CKR_OK;
    }
    if (attribute.ulValueLen == 65 && der[0] == 0x04) {  // some modules return the bare point
        memcpy(ec_point, der, 65);
        return CKR_OK;
    }
    return CKR_ATTRIBUTE_VALUE_INVALID;
}

unsigned long cp11_generate_p256(cp11_module *module, unsigned long session, const char *label, unsigned char ec_point[65]) {
    // prime256v1 (1.2.840.10045.3.1.7), DER-encoded.
    static CK_BYTE curve[] = {0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07};
    CK_BBOOL yes = CK_TRUE, no = CK_FALSE;
    CK_MECHANISM mechanism = {CKM_EC_KEY_PAIR_GEN, NULL, 0};
    CK_ATTRIBUTE public_template[] = {
        {CKA_EC_PARAMS, curve, sizeof(curve)}, {CKA_TOKEN, &yes, sizeof(yes)}, {CKA_VERIFY, &yes, sizeof(yes)},
        {CKA_LABEL, (void *)label, strlen(label)},
    };
    CK_ATTRIBUTE private_template[] = {
        {CKA_TOKEN, &yes, sizeof(yes)}, {CKA_PRIVATE, &yes, sizeof(yes)}, {CKA_SENSITIVE, &yes, sizeof(yes)},
        {CKA_EXTRACTABLE, &no, sizeof(no)}, {CKA_SIGN, &yes, sizeof(yes)}, {CKA_DECRYPT, &no, sizeof(no)},
        {CKA_UNWRAP, &no, sizeof(no)}, {CKA_DERIVE, &no, sizeof(no)}, {CKA_LABEL, (void *)label, strlen(label)},
    };
    CK_OBJECT_HANDLE public_key, private_key;
    CK_RV rv = module->functions->C_GenerateKeyPair(session, &mechanism, public_template, 4, private_template, 9,
                                                    &public_key, &private_key);
    if (rv != CKR_OK) return rv;
    return read_point(module, session, public_key, ec_point);
}

unsigned long cp11_public_point(cp11_module *module, unsigned long session, const char *label, unsigned char ec_point[65]) {
    CK_OBJECT_HANDLE key;
    CK_RV rv = find_object(module, session, CKO_PUBLIC_KEY, label, &key);
    if (rv != CKR_OK) return rv;
    return read_point(module, session, key, ec_point);
}

unsigned long cp11_sign_digest(cp11_module *module, unsigned long session, const char *label, const unsigned char digest[32],
                               unsigned char signature[64]) {
    CK_OBJECT_HANDLE key;
    CK_RV rv = find_object(module, session, CKO_PRIVATE_KEY, label, &key);
    if (rv != CKR_OK) return rv;
    CK_MECHANISM mechanism = {CKM_ECDSA, NULL, 0};
    rv = module->functions->C_SignInit(session, &mechanism, key);
    if (rv != CKR_OK) return rv;
    CK_ULONG length = 64;
    rv = module->functions->C_Sign(session, (CK_BYTE_PTR)digest, 32, signature, &length);
    if (rv != CKR_OK) return rv;
    return length == 64 ? CKR_OK : CKR_SIGNATURE_LEN_RANGE;
}

unsigned long cp11_private_key_flags(cp11_module *module, unsigned long session, const char *label, int *sensitive,
                                     int *extractable) {
    CK_OBJECT_HANDLE key;
    CK_RV rv = find_object(module, session, CKO_PRIVATE_KEY, label, &key);
    if (rv != CKR_OK) return rv;
    CK_BBOOL is_sensitive = CK_FALSE, is_extractable = CK_TRUE;
    CK_ATTRIBUTE attributes[] = {
        {CKA_SENSITIVE, &is_sensitive, sizeof(is_sensitive)},
        {CKA_EXTRACTABLE, &is_extractable, sizeof(is_extractable)},
    };
    rv = module->functions->C_GetAttributeValue(session, key, attributes, 2);
    *sensitive = is_sensitive == CK_TRUE;
    *extractable = is_extractable == CK_TRUE;
    return rv;
}

unsigned long cp11_destroy(cp11_module *module, unsigned long session, const char *label, int *deleted) {
    *deleted = 0;
    CK_OBJECT_CLASS classes[] = {CKO_PRIVATE_KEY, CKO_PUBLIC_KEY};
    for (int i = 0; i < 2; i++) {
        CK_OBJECT_HANDLE object;
        while (find_object(module, session, classes[i], label, &object) == CKR_OK) {
            CK_RV rv = module->functions->C_DestroyObject(session, object);
            if (rv != CKR_OK) return rv;
            (*deleted)++;
        }
    }
    return CKR_OK;
}
