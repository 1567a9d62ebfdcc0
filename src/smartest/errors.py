"""Every error smartest raises on purpose derives from SmartestError."""


class SmartestError(Exception):
    """Base class: the CLI prints these as one line and exits with status 2."""


class InvalidArgument(SmartestError):
    """An option or argument has a value smartest cannot use."""


class TargetError(SmartestError):
    """The target cannot be found, loaded or explored (bad path, module, name, type)."""


class AnnotationError(SmartestError):
    """A verification annotation (`assumed`, `check`) that smartest cannot read."""


class AssumptionViolated(BaseException):
    """Ends a run whose inputs violate an `assume`; a BaseException so that the
    target's own `except Exception` cannot swallow it."""
