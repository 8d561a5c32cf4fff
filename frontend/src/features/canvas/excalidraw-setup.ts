/** Excalidraw loads its fonts from here (copied into the build), never from a CDN. */
declare global {
  interface Window {
    EXCALIDRAW_ASSET_PATH?: string | string[];
    EXCALIDRAW_THROTTLE_RENDER?: boolean;
  }
}
window.EXCALIDRAW_ASSET_PATH = '/excalidraw-assets/';
// Large boards: the scene is redrawn at most once per frame while panning and zooming.
window.EXCALIDRAW_THROTTLE_RENDER = true;
export {};
