/* textmirror_unwinder.c: one C++ exception unwinder for every library in the process,
 * whatever the host loaded first.
 *
 * Why this exists: OpenVINO throws and catches an exception inside every compile_model
 * ("Device with BATCH name is not registered"), and on any bad model. Throwing involves three
 * parties that must agree on one unwinder's private data: __cxa_throw in libstdc++ calls
 * _Unwind_RaiseException, the unwinder calls each frame's personality routine
 * (__gxx_personality_v0 in libstdc++, __gcc_personality_v0 in libgcc_s for OpenVINO's C-style
 * frames), which calls _Unwind_GetLanguageSpecificData and friends on the unwinder's context,
 * and landing pads call _Unwind_Resume. Two libraries define these functions here:
 * libgcc_s.so.1 and libunwind.so.8, which libgstreamer depends on. Each library's calls go
 * wherever the dynamic linker bound them when it was loaded, and that depends on the order:
 *
 *  - Host that opens GStreamer first (gst-launch, C programs, Python importing Gst first):
 *    libgstreamer makes libunwind global before libstdc++ or libgcc_s are loaded, so every
 *    later `_Unwind_*` reference, libgcc_s's own included, binds to libunwind. One unwinder.
 *  - Python importing numpy (or ctypes.CDLL("libgcc_s.so.1")) first: Python loads
 *    extensions RTLD_LOCAL, so libgcc_s is loaded privately and binds its own references to
 *    itself; libstdc++, loaded later, binds to the now global libunwind. A throw runs
 *    libunwind's _Unwind_RaiseException, which calls __gcc_personality_v0, which calls
 *    libgcc_s's _Unwind_GetLanguageSpecificData on libunwind's context: SIGSEGV.
 *  - Python importing cv2 or PIL first: libstdc++ and libgcc_s are both loaded privately and
 *    bound to libgcc_s, while OpenVINO and this plugin, loaded later, bind _Unwind_Resume to
 *    libunwind: SIGSEGV or abort in the landing pad.
 *
 * What it does: textmirror_unwinder_reconcile () walks the loaded libraries and rewrites
 * their GOT entries (the JUMP_SLOT and GLOB_DAT relocations) of `_Unwind_*` symbols so they
 * all name one unwinder: the one the global scope gives, which is the one every library
 * loaded from now on binds to by itself (libunwind whenever libgstreamer was opened globally;
 * libgcc_s otherwise). Libraries that OpenVINO or the host load later therefore agree
 * without further help, and every host order ends up as the Gst-first order, which is what
 * GStreamer applications on this system already run with. libunwind's own entries name
 * libunwind: it has no personality routine, so no other unwinder calls into it. libgcc_s has
 * one (__gcc_personality_v0, which OpenVINO's frames use), so its entries follow the others.
 * Libraries opened with their own lookup order bind their own way: libtbbbind, which oneTBB
 * opens while OpenVINO compiles a network, binds to libgcc_s even when libunwind is global; a
 * call after each network is made puts it right.
 *
 * Linking differently cannot do this: the global scope is searched before a library's own
 * dependencies (DT_NEEDED order and -z now change nothing), RTLD_DEEPBIND breaks the Gst-first
 * order, and keeping OpenVINO from throwing is not in our hands (ALLOW_AUTO_BATCHING=NO still
 * throws; a bad model throws by design).
 *
 * It changes nothing unless libunwind is loaded, and nothing at all when any entry holds an
 * address that is neither unwinder nor the library's own lazy-binding stub (an interposer or
 * a third unwinder): that is logged as a warning. Everything is checked in one pass over the
 * libraries before a second pass writes; the writes happen inside dl_iterate_phdr, which holds
 * the loader's lock, so no library can be unloaded under them, and no dl* function is called
 * there (dlopen takes the loader's locks in the other order). Entries in RELRO pages are made
 * writable for the write and read-only again.
 *
 * Limits: an exception in flight in another thread at the moment of the rewrite would mix
 * unwinders (the first call is at plugin load, before any OpenVINO work); a library loaded
 * with RTLD_DEEPBIND after the call binds its own way; the pthread_cancel / pthread_exit
 * forced unwinding that glibc runs through libgcc_s directly sees libunwind-bound
 * personalities, as it does in every Gst-first GStreamer application. x86-64 and AArch64 only
 * (elsewhere this does nothing).
 */
#define _GNU_SOURCE
#include "textmirror_unwinder.h"

#include <gst/gst.h>

#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <link.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

GST_DEBUG_CATEGORY_STATIC (textmirror_unwinder_debug);
#define GST_CAT_DEFAULT textmirror_unwinder_debug

#if defined(__x86_64__)
#define TEXTMIRROR_UNWINDER_GLOB_DAT R_X86_64_GLOB_DAT
#define TEXTMIRROR_UNWINDER_JUMP_SLOT R_X86_64_JUMP_SLOT
#elif defined(__aarch64__)
#define TEXTMIRROR_UNWINDER_GLOB_DAT R_AARCH64_GLOB_DAT
#define TEXTMIRROR_UNWINDER_JUMP_SLOT R_AARCH64_JUMP_SLOT
#endif

#define TEXTMIRROR_UNWINDER_LIBUNWIND "libunwind.so.8"
#define TEXTMIRROR_UNWINDER_LIBGCC "libgcc_s.so.1"

/* Serialises the walks; guards the counters below. */
static GMutex textmirror_unwinder_lock;
/* dl_iterate_phdr's load and unload counters when the last walk began, so a call with nothing
 * loaded or unloaded since costs one step of dl_iterate_phdr. */
static gboolean textmirror_unwinder_walked = FALSE;
static unsigned long long textmirror_unwinder_adds = 0;
static unsigned long long textmirror_unwinder_subs = 0;

static int
textmirror_unwinder_read_counters (struct dl_phdr_info *info, size_t size, void *data)
{
  unsigned long long *counters = data;
  counters[0] = info->dlpi_adds;
  counters[1] = info->dlpi_subs;
  return 1;
}

#ifdef TEXTMIRROR_UNWINDER_JUMP_SLOT

/* The unwinder interface both libraries export (libgcc_s alone has _Unwind_Find_FDE, libunwind
 * alone _Unwind_GetBSP; such entries work on no unwinder context and stay as they are). */
static const char *const textmirror_unwinder_functions[] = {
  "_Unwind_Backtrace", "_Unwind_DeleteException", "_Unwind_FindEnclosingFunction",
  "_Unwind_ForcedUnwind", "_Unwind_GetCFA", "_Unwind_GetDataRelBase", "_Unwind_GetGR",
  "_Unwind_GetIP", "_Unwind_GetIPInfo", "_Unwind_GetLanguageSpecificData",
  "_Unwind_GetRegionStart", "_Unwind_GetTextRelBase", "_Unwind_RaiseException",
  "_Unwind_Resume", "_Unwind_Resume_or_Rethrow", "_Unwind_SetGR", "_Unwind_SetIP",
};
#define TEXTMIRROR_UNWINDER_FUNCTIONS G_N_ELEMENTS (textmirror_unwinder_functions)
#define TEXTMIRROR_UNWINDER_MAX_SEGMENTS 8

/* One unwinder library: where it is loaded and its definitions of the functions above. */
typedef struct {
  const char *soname;
  gboolean loaded;
  ElfW (Addr) base;
  const char *name; /* as the loader knows it, for the log */
  void *functions[TEXTMIRROR_UNWINDER_FUNCTIONS];
  uintptr_t start[TEXTMIRROR_UNWINDER_MAX_SEGMENTS], end[TEXTMIRROR_UNWINDER_MAX_SEGMENTS];
  int segments;
} TextMirrorUnwinderLibrary;

/* One walk: both unwinders, the one the others get, and what the passes found. */
typedef struct {
  TextMirrorUnwinderLibrary libunwind, libgcc;
  TextMirrorUnwinderLibrary *target;
  gboolean write;     /* FALSE: the checking pass; TRUE: the writing pass */
  guint entries;      /* entries that do not yet name their unwinder */
  guint written;
  GString *libraries; /* the libraries written to, for the log */
  gchar *unexpected;  /* the first surprise; non-NULL stops the walk */
} TextMirrorUnwinderWalk;

/* What a library's dynamic section says about its symbols and relocations. */
typedef struct {
  const ElfW (Sym) *symbols;
  const char *names;
  const uint32_t *gnu_hash, *hash;
  const ElfW (Rela) *rela, *plt;
  size_t rela_bytes, plt_bytes;
  gboolean plt_is_rela;
} TextMirrorUnwinderDynamic;

static gboolean
textmirror_unwinder_is (const struct dl_phdr_info *info, const TextMirrorUnwinderLibrary *library)
{
  return library->loaded && info->dlpi_addr == library->base && info->dlpi_name == library->name;
}

static const char *
textmirror_unwinder_name (const struct dl_phdr_info *info)
{
  return info->dlpi_name != NULL && info->dlpi_name[0] != '\0' ? info->dlpi_name
                                                               : "the main program";
}

static void
textmirror_unwinder_note (TextMirrorUnwinderWalk *walk, gchar *what)
{
  if (walk->unexpected == NULL)
    walk->unexpected = what;
  else
    g_free (what);
}

/* Whether `address` lies in a loaded segment of `info` (with `writable`: a writable one). */
static gboolean
textmirror_unwinder_inside (const struct dl_phdr_info *info, uintptr_t address, gboolean writable)
{
  for (ElfW (Half) i = 0; i < info->dlpi_phnum; i++) {
    const ElfW (Phdr) *segment = &info->dlpi_phdr[i];
    uintptr_t start = info->dlpi_addr + segment->p_vaddr;
    if (segment->p_type == PT_LOAD && address >= start
        && address + sizeof (void *) <= start + segment->p_memsz)
      return !writable || (segment->p_flags & PF_W) != 0;
  }
  return FALSE;
}

static gboolean
textmirror_unwinder_in_library (const TextMirrorUnwinderLibrary *library, uintptr_t address)
{
  for (int i = 0; i < library->segments; i++) {
    if (address >= library->start[i] && address < library->end[i])
      return TRUE;
  }
  return FALSE;
}

/* The dynamic linker relocates most DT_* addresses in place, but not in a read-only dynamic
 * section (the vDSO's). */
static uintptr_t
textmirror_unwinder_dynamic_address (const struct dl_phdr_info *info, ElfW (Addr) value)
{
  return value < info->dlpi_addr ? info->dlpi_addr + value : value;
}

/* Reads a library's dynamic section; FALSE if it has no symbols. */
static gboolean
textmirror_unwinder_read_dynamic (const struct dl_phdr_info *info, TextMirrorUnwinderDynamic *dyn)
{
  memset (dyn, 0, sizeof (*dyn));
  dyn->plt_is_rela = TRUE;
  const ElfW (Dyn) *dynamic = NULL;
  for (ElfW (Half) i = 0; i < info->dlpi_phnum; i++) {
    if (info->dlpi_phdr[i].p_type == PT_DYNAMIC)
      dynamic = (const ElfW (Dyn) *) (info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
  }
  for (const ElfW (Dyn) *entry = dynamic; entry != NULL && entry->d_tag != DT_NULL; entry++) {
    uintptr_t address = textmirror_unwinder_dynamic_address (info, entry->d_un.d_ptr);
    switch (entry->d_tag) {
      case DT_SYMTAB:
        dyn->symbols = (const ElfW (Sym) *) address;
        break;
      case DT_STRTAB:
        dyn->names = (const char *) address;
        break;
      case DT_GNU_HASH:
        dyn->gnu_hash = (const uint32_t *) address;
        break;
      case DT_HASH:
        dyn->hash = (const uint32_t *) address;
        break;
      case DT_RELA:
        dyn->rela = (const ElfW (Rela) *) address;
        break;
      case DT_RELASZ:
        dyn->rela_bytes = entry->d_un.d_val;
        break;
      case DT_JMPREL:
        dyn->plt = (const ElfW (Rela) *) address;
        break;
      case DT_PLTRELSZ:
        dyn->plt_bytes = entry->d_un.d_val;
        break;
      case DT_PLTREL:
        dyn->plt_is_rela = entry->d_un.d_val == DT_RELA;
        break;
      default:
        break;
    }
  }
  return dyn->symbols != NULL && dyn->names != NULL;
}

static gboolean
textmirror_unwinder_defines (const TextMirrorUnwinderDynamic *dyn, uint32_t index, const char *name)
{
  const ElfW (Sym) *symbol = &dyn->symbols[index];
  return symbol->st_shndx != SHN_UNDEF && ELF64_ST_TYPE (symbol->st_info) == STT_FUNC
         && strcmp (dyn->names + symbol->st_name, name) == 0;
}

/* A library's own definition of `name`, found in its hash table (GNU or SysV), or NULL. */
static void *
textmirror_unwinder_lookup (const struct dl_phdr_info *info, const TextMirrorUnwinderDynamic *dyn,
    const char *name)
{
  if (dyn->gnu_hash != NULL) {
    uint32_t hash = 5381;
    for (const unsigned char *c = (const unsigned char *) name; *c != '\0'; c++)
      hash = hash * 33 + *c;
    const uint32_t buckets = dyn->gnu_hash[0], first = dyn->gnu_hash[1];
    const uint32_t bloom_words = dyn->gnu_hash[2];
    const ElfW (Addr) *bloom = (const ElfW (Addr) *) &dyn->gnu_hash[4];
    const uint32_t *bucket = (const uint32_t *) (bloom + bloom_words);
    const uint32_t *chain = bucket + buckets;
    if (buckets == 0)
      return NULL;
    for (uint32_t index = bucket[hash % buckets]; index >= first; index++) {
      const uint32_t other = chain[index - first];
      if ((other | 1) == (hash | 1) && textmirror_unwinder_defines (dyn, index, name))
        return (void *) (info->dlpi_addr + dyn->symbols[index].st_value);
      if (other & 1)
        break;
    }
    return NULL;
  }
  if (dyn->hash != NULL) {
    uint32_t hash = 0;
    for (const unsigned char *c = (const unsigned char *) name; *c != '\0'; c++) {
      hash = (hash << 4) + *c;
      uint32_t high = hash & 0xf0000000;
      hash ^= high >> 24;
      hash &= ~high;
    }
    const uint32_t buckets = dyn->hash[0];
    const uint32_t *chain = &dyn->hash[2 + buckets];
    for (uint32_t index = buckets > 0 ? dyn->hash[2 + hash % buckets] : 0; index != STN_UNDEF;
         index = chain[index]) {
      if (textmirror_unwinder_defines (dyn, index, name))
        return (void *) (info->dlpi_addr + dyn->symbols[index].st_value);
    }
  }
  return NULL;
}

/* Finds the two unwinder libraries, their segments and their definitions; the first pass. */
static int
textmirror_unwinder_locate (struct dl_phdr_info *info, size_t size, void *data)
{
  TextMirrorUnwinderWalk *walk = data;
  const char *slash = info->dlpi_name != NULL ? strrchr (info->dlpi_name, '/') : NULL;
  const char *base = slash != NULL ? slash + 1 : info->dlpi_name;
  TextMirrorUnwinderLibrary *library = NULL;
  if (base != NULL && strcmp (base, walk->libunwind.soname) == 0)
    library = &walk->libunwind;
  else if (base != NULL && strcmp (base, walk->libgcc.soname) == 0)
    library = &walk->libgcc;
  TextMirrorUnwinderDynamic dyn;
  if (library == NULL || library->loaded || !textmirror_unwinder_read_dynamic (info, &dyn))
    return 0;
  library->loaded = TRUE;
  library->base = info->dlpi_addr;
  library->name = info->dlpi_name;
  for (ElfW (Half) i = 0; i < info->dlpi_phnum; i++) {
    const ElfW (Phdr) *segment = &info->dlpi_phdr[i];
    if (segment->p_type != PT_LOAD || library->segments == TEXTMIRROR_UNWINDER_MAX_SEGMENTS)
      continue;
    library->start[library->segments] = info->dlpi_addr + segment->p_vaddr;
    library->end[library->segments] = info->dlpi_addr + segment->p_vaddr + segment->p_memsz;
    library->segments++;
  }
  for (size_t f = 0; f < TEXTMIRROR_UNWINDER_FUNCTIONS; f++)
    library->functions[f]
        = textmirror_unwinder_lookup (info, &dyn, textmirror_unwinder_functions[f]);
  return 0;
}

/* Makes the page holding `entry` writable (`open`) or read-only again. */
static gboolean
textmirror_unwinder_protect (void **entry, gboolean open)
{
  const uintptr_t page = (uintptr_t) sysconf (_SC_PAGESIZE);
  return mprotect ((void *) ((uintptr_t) entry & ~(page - 1)), page,
             open ? PROT_READ | PROT_WRITE : PROT_READ)
         == 0;
}

/* The entries of one relocation table that name an unwinder function: checks them, or
 * writes those that do not yet hold `unwinder`'s definition. */
static void
textmirror_unwinder_scan (TextMirrorUnwinderWalk *walk, const struct dl_phdr_info *info,
    const TextMirrorUnwinderLibrary *unwinder, const ElfW (Rela) *relocations, size_t bytes,
    const ElfW (Sym) *symbols, const char *names, gboolean *listed)
{
  /* The dynamic linker made read-only whole pages only: from the page holding the start of
   * PT_GNU_RELRO up to the page holding its end, exclusive. */
  const uintptr_t page = (uintptr_t) sysconf (_SC_PAGESIZE);
  uintptr_t relro_start = 0, relro_end = 0;
  for (ElfW (Half) i = 0; i < info->dlpi_phnum; i++) {
    const ElfW (Phdr) *segment = &info->dlpi_phdr[i];
    if (segment->p_type == PT_GNU_RELRO) {
      relro_start = (info->dlpi_addr + segment->p_vaddr) & ~(page - 1);
      relro_end = (info->dlpi_addr + segment->p_vaddr + segment->p_memsz) & ~(page - 1);
    }
  }

  for (size_t i = 0; i < bytes / sizeof (ElfW (Rela)) && walk->unexpected == NULL; i++) {
    const unsigned long type = ELF64_R_TYPE (relocations[i].r_info);
    if (type != TEXTMIRROR_UNWINDER_JUMP_SLOT && type != TEXTMIRROR_UNWINDER_GLOB_DAT)
      continue;
    const char *name = names + symbols[ELF64_R_SYM (relocations[i].r_info)].st_name;
    if (strncmp (name, "_Unwind_", 8) != 0)
      continue;
    void *value = NULL;
    for (size_t f = 0; f < TEXTMIRROR_UNWINDER_FUNCTIONS; f++) {
      if (strcmp (name, textmirror_unwinder_functions[f]) == 0)
        value = unwinder->functions[f];
    }
    void **entry = (void **) (info->dlpi_addr + relocations[i].r_offset);
    if (value == NULL || *entry == value)
      continue;
    /* Another unwinder's function, or the library's own stub when it binds lazily. */
    uintptr_t current = (uintptr_t) *entry;
    if (!textmirror_unwinder_in_library (&walk->libunwind, current)
        && !textmirror_unwinder_in_library (&walk->libgcc, current)
        && !textmirror_unwinder_inside (info, current, FALSE)) {
      textmirror_unwinder_note (walk,
          g_strdup_printf ("%s's %s points to %p, in neither libunwind nor libgcc_s",
              textmirror_unwinder_name (info), name, *entry));
      return;
    }
    if (!textmirror_unwinder_inside (info, (uintptr_t) entry, TRUE)) {
      textmirror_unwinder_note (walk,
          g_strdup_printf ("%s's entry for %s is not in a writable segment",
              textmirror_unwinder_name (info), name));
      return;
    }
    if (!walk->write) {
      walk->entries++;
      continue;
    }
    gboolean relro = (uintptr_t) entry >= relro_start && (uintptr_t) entry < relro_end;
    if (relro && !textmirror_unwinder_protect (entry, TRUE)) {
      textmirror_unwinder_note (walk,
          g_strdup_printf ("cannot make %s's entry for %s writable: %s",
              textmirror_unwinder_name (info), name, g_strerror (errno)));
      return;
    }
    /* Other threads may call through the entry meanwhile: one aligned store, old or new. */
    __atomic_store_n (entry, value, __ATOMIC_RELEASE);
    if (relro && !textmirror_unwinder_protect (entry, FALSE))
      textmirror_unwinder_note (walk,
          g_strdup_printf ("cannot make %s's entry for %s read-only again: %s",
              textmirror_unwinder_name (info), name, g_strerror (errno)));
    walk->written++;
    if (!*listed) {
      g_string_append_printf (walk->libraries, "%s%s", walk->libraries->len > 0 ? ", " : "",
          textmirror_unwinder_name (info));
      *listed = TRUE;
    }
  }
}

/* One library, in the checking or the writing pass. Calls no dl* function: the loader's lock
 * is held. */
static int
textmirror_unwinder_visit (struct dl_phdr_info *info, size_t size, void *data)
{
  TextMirrorUnwinderWalk *walk = data;
  const TextMirrorUnwinderLibrary *unwinder
      = textmirror_unwinder_is (info, &walk->libunwind) ? &walk->libunwind : walk->target;
  TextMirrorUnwinderDynamic dyn;
  if (!textmirror_unwinder_read_dynamic (info, &dyn))
    return 0;
  if (!dyn.plt_is_rela) {
    textmirror_unwinder_note (walk, g_strdup_printf ("%s uses REL relocations for its PLT",
                                        textmirror_unwinder_name (info)));
    return 1;
  }
  gboolean listed = FALSE;
  if (dyn.rela != NULL)
    textmirror_unwinder_scan (walk, info, unwinder, dyn.rela, dyn.rela_bytes, dyn.symbols,
        dyn.names, &listed);
  if (dyn.plt != NULL)
    textmirror_unwinder_scan (walk, info, unwinder, dyn.plt, dyn.plt_bytes, dyn.symbols,
        dyn.names, &listed);
  return walk->unexpected != NULL ? 1 : 0;
}

/* The global scope's handle, opened once (it is the main program's, never unloaded). */
static void *textmirror_unwinder_global = NULL;

/* Chooses the unwinder and rewrites; called with the lock held. The unwinder libraries are
 * found with dl_iterate_phdr, not dlopen: a first dlopen of a library that was loaded only as
 * a dependency makes glibc build it a scope of its own, which it never frees (valgrind reports
 * it as definitely lost). */
static void
textmirror_unwinder_walk (void)
{
  TextMirrorUnwinderWalk walk = { 0 };
  walk.libunwind.soname = TEXTMIRROR_UNWINDER_LIBUNWIND;
  walk.libgcc.soname = TEXTMIRROR_UNWINDER_LIBGCC;
  dl_iterate_phdr (textmirror_unwinder_locate, &walk);
  if (!walk.libunwind.loaded) {
    GST_DEBUG ("%s is not loaded: one unwinder already", TEXTMIRROR_UNWINDER_LIBUNWIND);
    return;
  }

  /* The unwinder the global scope gives is the one libraries loaded later bind to. */
  if (textmirror_unwinder_global == NULL)
    textmirror_unwinder_global = dlopen (NULL, RTLD_LAZY);
  void *raise = textmirror_unwinder_global != NULL
                    ? dlsym (textmirror_unwinder_global, "_Unwind_RaiseException")
                    : NULL;
  if (raise != NULL && textmirror_unwinder_in_library (&walk.libunwind, (uintptr_t) raise))
    walk.target = &walk.libunwind;
  else if (walk.libgcc.loaded
           && (raise == NULL || textmirror_unwinder_in_library (&walk.libgcc, (uintptr_t) raise)))
    walk.target = &walk.libgcc;

  if (walk.target == NULL) {
    Dl_info found = { 0 };
    dladdr (raise, &found);
    GST_WARNING ("the process's _Unwind_RaiseException comes from %s, neither %s nor %s; "
                 "exceptions may crash if libgcc_s or libstdc++ was loaded before GStreamer",
        found.dli_fname != NULL ? found.dli_fname : "an unknown place",
        TEXTMIRROR_UNWINDER_LIBUNWIND, TEXTMIRROR_UNWINDER_LIBGCC);
    return;
  }
  walk.libraries = g_string_new (NULL);
  dl_iterate_phdr (textmirror_unwinder_visit, &walk);
  if (walk.unexpected == NULL && walk.entries > 0) {
    walk.write = TRUE;
    dl_iterate_phdr (textmirror_unwinder_visit, &walk);
  }
  if (walk.unexpected != NULL)
    GST_WARNING ("exceptions may crash if libgcc_s or libstdc++ was loaded before GStreamer; "
                 "%u of %u unwinder entries changed, then: %s",
        walk.written, walk.entries, walk.unexpected);
  else if (walk.written > 0)
    GST_INFO ("%u unwinder entries now name %s, in %s", walk.written, walk.target->name,
        walk.libraries->str);
  else
    GST_DEBUG ("every library uses %s already", walk.target->name);
  g_free (walk.unexpected);
  g_string_free (walk.libraries, TRUE);
}

#else

static void
textmirror_unwinder_walk (void)
{
  GST_DEBUG ("unwinder reconciliation is implemented for x86-64 and AArch64 only");
}

#endif

void
textmirror_unwinder_reconcile (void)
{
  g_mutex_lock (&textmirror_unwinder_lock);
  if (!textmirror_unwinder_walked) {
    GST_DEBUG_CATEGORY_INIT (textmirror_unwinder_debug, "textmirror-unwinder", 0,
        "textmirror: one C++ exception unwinder for every library");
  }
  unsigned long long counters[2] = { 0, 0 };
  dl_iterate_phdr (textmirror_unwinder_read_counters, counters);
  if (!textmirror_unwinder_walked || counters[0] != textmirror_unwinder_adds
      || counters[1] != textmirror_unwinder_subs) {
    textmirror_unwinder_walk ();
    textmirror_unwinder_walked = TRUE;
    textmirror_unwinder_adds = counters[0];
    textmirror_unwinder_subs = counters[1];
  }
  g_mutex_unlock (&textmirror_unwinder_lock);
}
