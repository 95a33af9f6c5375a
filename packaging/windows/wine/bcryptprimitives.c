/* A stand-in for Windows' bcryptprimitives.dll, for tests under Debian's Wine 8 only: Wine 8
 * has no such DLL, and Rust's standard library asks it for ProcessPrng (its random numbers) when
 * a program starts. Every Windows that Rust supports has the real one; this file is never
 * shipped. The bytes come from RtlGenRandom (advapi32's SystemFunction036), which Wine has. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
