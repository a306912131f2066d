// The QR reader's ZXing WebAssembly, where the browser has no BarcodeDetector of its own.
export default true
