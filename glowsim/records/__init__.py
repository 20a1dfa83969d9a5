"""Game records: everything needed to replay a game exactly (contract.md section 4)."""
from .record import RECORD_VERSION, GameRecord, RecordFormatError

__all__ = ["GameRecord", "RECORD_VERSION", "RecordFormatError"]
