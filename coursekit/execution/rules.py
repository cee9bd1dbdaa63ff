"""Rules about executing notebooks (EXExxx): documented errors, fixes, faults, drift."""

from coursekit.diagnostics import Rule, Severity

EXPECTED_ERROR_MISSING = Rule(
    "EXE101", "expected-error-missing", Severity.ERROR,
    "A cell documents an error, but running it raises nothing.",
)
ERROR_DRIFT = Rule(
    "EXE102", "error-drift", Severity.ERROR,
    "A cell raises an error other than the one the lesson documents (the library changed "
    "it, or the lesson has it wrong); the documented and the current error are shown side "
    "by side.",
)
UNEXPECTED_ERROR = Rule(
    "EXE103", "unexpected-error", Severity.ERROR,
    "A cell that should run cleanly raises an error.",
)
FIX_NOT_PROVEN = Rule(
    "EXE104", "fix-not-proven", Severity.ERROR,
    "A cell after a documented error still raises that error: the lesson's fix does not work.",
)
CONSEQUENCE = Rule(
    "EXE105", "consequence", Severity.NOTE,
    "A cell failed only because an earlier cell failed (reported with the first cause).",
)
API_DRIFT = Rule(
    "EXE106", "api-drift", Severity.ERROR,
    "A cell fails on an API that was removed or renamed since the lesson was written.",
)
NEEDS_NETWORK = Rule(
    "EXE107", "needs-network", Severity.WARNING,
    "A cell needs the network or the Hub (a host or repo it names), which verification "
    "keeps offline unless run with --network.",
)
NEEDS_PACKAGES = Rule(
    "EXE108", "needs-packages", Severity.WARNING,
    "A cell fails to import a package the kernel lacks (one the lesson's `pip install` "
    "lines or the course's [tool.coursekit.kernels] packages declare, one a library it "
    "calls asks for, or one it imports that no one declares, named by its pip name), or "
    "a program pip does not install (git-lfs, FFmpeg, a C compiler): run with "
    "--install-lesson-requirements, declare it, install the program, or it cannot be "
    "installed for the kernel.",
)
PLACEHOLDER_REPO = Rule(
    "EXE109", "placeholder-repo", Severity.NOTE,
    "A cell loads a placeholder repo id (`your-username/...`) that no earlier cell "
    "pushed: a learner replaces it with a repo of their own, so verification cannot load it.",
    why="the lesson is right as written; nothing is broken or lost",
)
MESSAGE_DRIFT = Rule(
    "EXE110", "message-drift", Severity.NOTE,
    "A cell raises the exception class its lesson documents, with the message reworded: "
    "the documented error still happens; the two messages are shown side by side.",
    why="the scenario still holds; only the text a learner compares differs",
)
NEEDS_GPU = Rule(
    "EXE111", "needs-gpu", Severity.NOTE,
    "A cell documents an error only a CUDA device raises (a CUDA or cuBLAS error, a "
    "device-side assert) and the run was on another device, or asks for a CUDA device "
    "the machine lacks: that cell is not verified here.",
    why="the lesson is right as written for a GPU; run `verify --device cuda` to prove it",
)
NEEDS_INPUT = Rule(
    "EXE112", "needs-input", Severity.WARNING,
    "A cell waits for the learner to type an answer (`input()`, `getpass()`, a login "
    "prompt), which verification has no one to give: the cell and the cells that use the "
    "answer are not verified.",
    why="the lesson may be right as written, yet what follows the prompt goes unverified",
)
CELL_TIMEOUT = Rule(
    "EXE201", "timeout", Severity.ERROR,
    "A cell ran longer than its time limit and was interrupted.",
)
KERNEL_DIED = Rule(
    "EXE202", "kernel-died", Severity.ERROR,
    "The kernel died (or was poisoned by a CUDA error) while running a cell; "
    "it was restarted and the cells before were replayed.",
)
KERNEL_UNAVAILABLE = Rule(
    "EXE203", "kernel-unavailable", Severity.ERROR,
    "The kernel configured for a framework is not installed or does not start.",
)
NOTEBOOK_UNREADABLE = Rule(
    "EXE204", "notebook-unreadable", Severity.ERROR,
    "A notebook to verify cannot be read or built.",
)
STANDINS_UNAVAILABLE = Rule(
    "EXE205", "standins-unavailable", Severity.ERROR,
    "The offline stand-ins of a framework could not be prepared; its notebooks run without "
    "them.",
    why="lessons that load from the hub then fail for a reason that is not theirs",
)
PACKAGE_UNAVAILABLE = Rule(
    "EXE208", "package-unavailable", Severity.WARNING,
    "A package the course or a lesson asks for cannot be installed into an overlay of the "
    "kernel (not found, or it would replace a package the kernel pins).",
)
CACHE_ENTRY_REFUSED = Rule(
    "EXE209", "cache-entry-refused", Severity.WARNING,
    "A stored run in the result cache is not a regular file, or is too large: it was not "
    "read (the notebook ran again), and it stays in the cache's way until removed.",
)
OUTPUT_DRIFT = Rule(
    "EXE301", "output-drift", Severity.WARNING,
    "A cell's output differs from the output the lesson documents.",
)
SKIPPED = Rule(
    "EXE302", "skipped", Severity.NOTE,
    "A cell was not run because the lesson asks to skip it.",
)
DEVICE_FALLBACK = Rule(
    "EXE207", "device-fallback", Severity.WARNING,
    "A kernel cannot use the device asked for (its framework sees no CUDA device); its "
    "notebooks ran on cpu.",
)
NOT_VERIFIED_ON_DEVICE = Rule(
    "EXE303", "not-verified-on-device", Severity.NOTE,
    "A cell documents a different behaviour on another device; this run could not verify it.",
)
KERNEL_RESTARTED = Rule(
    "EXE206", "kernel-restarted", Severity.NOTE,
    "The kernel was restarted after a cell left it unusable (it died, or a fatal CUDA error "
    "such as a device-side assert); the clean cells before were replayed.",
)


BY_VERDICT: dict[str, Rule] = {
    "expected-error-missing": EXPECTED_ERROR_MISSING,
    "error-drift": ERROR_DRIFT,
    "unexpected-error": UNEXPECTED_ERROR,
    "timeout": CELL_TIMEOUT,
    "kernel-died": KERNEL_DIED,
    "skipped": SKIPPED,
    "needs-network": NEEDS_NETWORK,
    "api-drift": API_DRIFT,
    "needs-packages": NEEDS_PACKAGES,
    "placeholder-repo": PLACEHOLDER_REPO,
    "message-drift": MESSAGE_DRIFT,
    "needs-gpu": NEEDS_GPU,
    "needs-input": NEEDS_INPUT,
    "not-reached": CONSEQUENCE,
}
"""The rule of a cell that failed on its own account, by its verdict."""
