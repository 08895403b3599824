/* textmirror_unwinder.h: gives every loaded library the same C++ exception unwinder
 * (see textmirror_unwinder.c for why). Internal to CShim; not part of the Swift boundary. */
#pragma once

#ifdef __cplusplus
extern "C" {
#endif

/* Points the `_Unwind_*` imports of every loaded library at one unwinder when libunwind is
 * loaded beside libgcc_s. Cheap when no library was loaded or unloaded since the last call,
 * safe to call from any thread at any time; never fails (a surprise is logged and changes
 * nothing). Call it before the first OpenVINO call and after OpenVINO may have loaded more
 * of its libraries. */
void textmirror_unwinder_reconcile (void);

#ifdef __cplusplus
}
#endif
