"""What the CPU can do fast, read once from /proc/cpuinfo: it picks the encoder's precision.

The encoder's speed depends less on the clock than on the instructions: bfloat16 matmuls
are fast only with AVX512-BF16 or AMX, and emulated they are slower than float32; int8
matmuls (fbgemm) run on any AVX2 x86 CPU. Reading the flags costs no import of
torch, so the precision, and with it the cache key, is known before any model loads.
"""

from __future__ import annotations

import os
import platform
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

CPUINFO = Path("/proc/cpuinfo")
# The features the precision choice and the benchmarks' reports depend on.
SIMD = ("avx2", "avx512f", "avx512_vnni", "avx512_bf16", "amx_bf16", "amx_int8")


@dataclass(frozen=True)
class CpuInfo:
    """The processor's name, which of ``SIMD`` it has, and how many cores this process may use."""

    model: str
    features: frozenset[str]
    threads: int

    @property
    def native_bf16(self) -> bool:
        return bool(self.features & {"avx512_bf16", "amx_bf16"})

    @property
    def int8_kernels(self) -> bool:
        """Whether fbgemm's int8 kernels run here: any x86 CPU with AVX2.

        They beat float32 even where an int8 multiply-add takes three instructions
        (vpmaddubsw, vpmaddwd, vpaddd on plain AVX2): the long film of bench_align.py took
        21.0 s cold against float32's 27.7 s there, with the same F1 (0.997 and 0.998);
        AVX512-VNNI does it in one and gains more.
        """
        x86 = platform.machine().lower() in {"x86_64", "amd64"}
        return x86 and "avx2" in self.features

    def describe(self) -> str:
        """One line for benchmark reports: what the figures were measured on."""
        present = [name for name in SIMD if name in self.features]
        return f"{self.model}; {', '.join(present) or 'none of ' + '/'.join(SIMD)}; " + (
            f"{self.threads} threads"
        )


@cache
def cpu_info() -> CpuInfo:
    """This machine's CpuInfo; an unreadable /proc/cpuinfo (macOS, Windows) has no features."""
    try:
        text = CPUINFO.read_text(encoding="utf-8", errors="replace")
    except OSError:
        text = ""
    model = re.search(r"^model name\s*:\s*(.+)$", text, re.MULTILINE)
    flags = re.search(r"^flags\s*:\s*(.+)$", text, re.MULTILINE)
    features = frozenset(flags.group(1).split()) & frozenset(SIMD) if flags else frozenset()
    threads = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return CpuInfo(
        model.group(1).strip() if model else platform.processor() or platform.machine(),
        features,
        threads or 1,
    )
