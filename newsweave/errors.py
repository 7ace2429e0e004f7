"""One base exception with specific subclasses. Messages say what happened, why, and the fix."""

from __future__ import annotations

from typing import NoReturn


class NewsweaveError(Exception):
    """Base class of every error newsweave raises on purpose."""


class InputError(NewsweaveError):
    """One input file could not be read as an article; the batch goes on without it."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem

    def __reduce__(self) -> tuple[type[InputError], tuple[str, str], dict[str, object]]:
        # Errors cross process boundaries (the engines' pools); the default pickling would
        # call InputError(message) and fail in the parent. Subclasses' fields ride in the state.
        return (type(self), (self.path, self.problem), self.__dict__)


def raise_input_error(error: InputError) -> NoReturn:
    """The ``on_error`` of a library call given none: the first bad input stops the call."""
    raise error


class UsageError(NewsweaveError):
    """The command was called in a way that cannot work (exit code 2)."""


class NoArticles(UsageError):
    """Nothing could be read: every input was rejected, or there was none."""


class NotInstalled(NewsweaveError):
    """An optional dependency is missing; the message gives the install command."""

    def __init__(self, package: str, extra: str) -> None:
        super().__init__(
            f"{package} is not installed; install it with: pip install 'newsweave[{extra}]'"
        )
        self.package = package
        self.extra = extra

    def __reduce__(self) -> tuple[type[NotInstalled], tuple[str, str]]:
        return (type(self), (self.package, self.extra))


class StoreError(NewsweaveError):
    """The article store cannot be opened or written."""
