#!/usr/bin/env bash
# Installs Debian's native OCR engine (tesseract-ocr, with combine_tessdata; the English model comes
# from node_modules) where it is missing and this machine allows it (root + apt-get). Without it the
# document reader falls back to tesseract.js (slower, same model): this never fails the caller.
if command -v tesseract >/dev/null 2>&1 && command -v combine_tessdata >/dev/null 2>&1; then
  echo "tesseract: $(tesseract --version 2>&1 | head -n1)"
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tesseract-ocr tesseract-ocr-eng >/dev/null) || echo "could not install tesseract-ocr"
fi
if command -v tesseract >/dev/null 2>&1; then
  echo "tesseract: $(tesseract --version 2>&1 | head -n1)"
else
  echo "NOTE: no native tesseract (apt-get install tesseract-ocr): OCR runs on tesseract.js, about 2x slower per page."
fi
exit 0
