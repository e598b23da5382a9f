import { useEffect, useRef, useState, type RefObject } from 'react';
import BpmnModeler from 'bpmn-js/lib/Modeler';
import { BpmnPropertiesPanelModule, BpmnPropertiesProviderModule } from 'bpmn-js-properties-panel';
import lintModule from 'bpmn-js-bpmnlint';
import { tplModdleDescriptor } from '@tpl/workflows';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import '@bpmn-io/properties-panel/assets/properties-panel.css';
import 'bpmn-js-bpmnlint/dist/assets/css/bpmn-js-bpmnlint.css';
import { lintConfig } from './lint/lintConfig';
import type { LintResults } from './lint/findings';
import { tplPropertiesProviderModule } from './properties/TplPropertiesProvider';
import type { Directory } from './properties/directory';
import { translateModule } from './translate';

/** What the designer page needs of bpmn-js, typed once here. */
type Element = { id: string; type: string; businessObject: { $type: string; id: string; name?: string; get(name: string): unknown; [k: string]: unknown } };
export type ModelerServices = {
  canvas: {
    zoom(level?: number | 'fit-viewport', center?: 'auto'): number;
    getRootElement(): Element;
    addMarker(element: Element | string, marker: string): void;
    removeMarker(element: Element | string, marker: string): void;
    scrollToElement(element: Element): void;
  };
  commandStack: { undo(): void; redo(): void; canUndo(): boolean; canRedo(): boolean; clear(): void };
  elementRegistry: { get(id: string): Element | undefined; filter(fn: (e: Element) => boolean): Element[] };
  selection: { select(element: Element | Element[]): void };
  modeling: { updateProperties(element: Element, props: Record<string, unknown>): void; updateModdleProperties(element: Element, target: unknown, props: Record<string, unknown>): void };
  linting: { lint(): Promise<LintResults>; toggle(active?: boolean): boolean };
  eventBus: { on(event: string, fn: (e: unknown) => void): void; off(event: string, fn: (e: unknown) => void): void };
};

export type ModelerHandle = {
  modeler: BpmnModeler;
  get<K extends keyof ModelerServices>(name: K): ModelerServices[K];
};

/**
 * One bpmn-js Modeler for the life of the page: our moddle extension (shared with the
 * engine), the properties panel with our group, bpmnlint with our packed configuration,
 * and bpmn-js's words in the user's language. `onChange` hears every command (edit, undo, redo).
 */
export const useModeler = (
  canvasRef: RefObject<HTMLDivElement | null>,
  panelRef: RefObject<HTMLDivElement | null>,
  directory: Directory,
  onChange: () => void,
): ModelerHandle | undefined => {
  const [handle, setHandle] = useState<ModelerHandle>();
  const changeRef = useRef(onChange);
  changeRef.current = onChange;
  const directoryRef = useRef(directory);
  directoryRef.current = directory;

  useEffect(() => {
    if (!canvasRef.current || !panelRef.current) return;
    const modeler = new BpmnModeler({
      container: canvasRef.current,
      propertiesPanel: { parent: panelRef.current },
      additionalModules: [BpmnPropertiesPanelModule, BpmnPropertiesProviderModule, tplPropertiesProviderModule, lintModule, translateModule],
      moddleExtensions: { tpl: tplModdleDescriptor },
      // bpmnlint runs on demand (check, deploy); its own overlays and button speak English only, so the page draws its findings itself
      linting: { bpmnlint: lintConfig, active: false },
      // read through a ref so the pickers always use the page's current directory
      tplDirectory: { roles: () => directoryRef.current.roles(), users: (keyword: string) => directoryRef.current.users(keyword) },
      keyboard: { bind: true },
    });
    const changed = () => changeRef.current();
    modeler.on('commandStack.changed', changed);
    setHandle({ modeler, get: (name) => modeler.get(name) });
    return () => {
      modeler.off('commandStack.changed', changed);
      modeler.destroy();
      setHandle(undefined);
    };
  }, [canvasRef, panelRef]);

  return handle;
};

/** The first process of the diagram: its id is the process key, its name the definition's name. */
export const processOf = (handle: ModelerHandle): Element['businessObject'] | undefined => {
  const root = handle.get('canvas').getRootElement().businessObject;
  if (root.$type === 'bpmn:Process') return root;
  return (root.processRef as Element['businessObject'] | undefined) ?? undefined;
};
