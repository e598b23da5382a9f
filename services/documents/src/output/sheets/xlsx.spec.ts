import { PassThrough, Writable } from 'node:stream';
import { Workbook } from 'exceljs';
import { date, datetime, defineEntity, entityByName, flag, num, oneOf, password, ref, rows as rowsField, text } from '@tpl/contracts';
import type { EntityDef, Language } from '@tpl/contracts';
import { ImportFileError, MAX_IMPORT_ROWS, columnsFor, parseImport, reportWorkbook, streamExport, templateWorkbook, xlsxText } from './index';

/** Collects an export into one Buffer. */
const exportToBuffer = async (def: EntityDef, lang: Language, records: Record<string, unknown>[]): Promise<{ buffer: Buffer; count: number }> => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  async function* source() {
    yield* records;
  }
  const count = await streamExport(out, def, lang, source());
  return { buffer: Buffer.concat(chunks), count };
};

/** A workbook written from plain cell arrays (the first row is the header). */
const sheetFile = async (cells: (string | number | boolean | Date | null)[][]): Promise<Buffer> => {
  const wb = new Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const row of cells) ws.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

const loadSheet = async (buffer: Buffer, index = 0) => {
  const wb = new Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const ws = wb.worksheets[index];
  if (!ws) throw new Error(`no sheet ${index}`);
  return { wb, ws };
};

const rowValues = (ws: import('exceljs').Worksheet, n: number): unknown[] => {
  const values = ws.getRow(n).values;
  return Array.isArray(values) ? values.slice(1) : [];
};

const registered = (name: string): EntityDef => {
  const def = entityByName(name);
  if (!def) throw new Error(`${name} is not registered`);
  return def;
};
const material = registered('material');
const warehousearea = registered('warehousearea');
const lgagreement = registered('lgagreement');

const importError = async (p: Promise<unknown>): Promise<ImportFileError> => {
  try {
    await p;
  } catch (e) {
    if (e instanceof ImportFileError) return e;
    throw e;
  }
  throw new Error('expected an ImportFileError');
};

/** An entity that is not registered: labels come from its own description. */
const shipment = defineEntity({
  name: 'xlsxShipmentTest',
  service: 'bl-transport',
  title: ['测试运单', 'Test shipment', '測試運單'],
  codeField: 'code',
  fields: {
    code: text(['运单号', 'Shipment no.', '運單號'], { required: true, max: 40 }),
    serial: text(['流水号', 'Serial', '流水號'], { generated: true }),
    mode: oneOf(['运输方式', 'Mode', '運輸方式'], { ROAD: ['公路', 'Road', '公路'], RAIL: ['铁路', 'Rail', '鐵路'], AIR: ['空运', 'Air', '空運'] }, { required: true }),
    warehouses: ref(['途经仓库', 'Warehouses', '途經倉庫'], 'warehousearea', { multiple: true }),
    shipDate: date(['发运日期', 'Ship date', '發運日期']),
    arrivedAt: datetime(['到达时间', 'Arrived at', '到達時間']),
    urgent: flag(['加急', 'Urgent', '加急']),
    weight: num(['重量', 'Weight', '重量'], 'weight'),
    secret: password(['口令', 'Passphrase', '口令']),
    legs: rowsField(['分段', 'Legs', '分段'], { from: text(['起点', 'From', '起點']) }),
  },
});

describe('columnsFor', () => {
  it('labels the material columns in the language, with remark last', () => {
    const cols = columnsFor(material, 'zh');
    expect(cols[0]).toMatchObject({ key: 'code', header: '物料编码', kind: 'text' });
    expect(cols.find((c) => c.key === 'batchFlag')).toMatchObject({ header: '批次管理', kind: 'flag' });
    expect(cols.at(-1)).toMatchObject({ key: 'remark', header: '备注' });
    expect(cols).toHaveLength(Object.keys(material.fields).length + 1);
    expect(columnsFor(material, 'en')[0]!.header).toBe('Material code');
    expect(columnsFor(material, 'mo')[0]!.header).toBe('物料編碼');
    for (const c of cols) expect(c.width).toBeGreaterThanOrEqual(8);
  });

  it('leaves out nested rows and passwords, and generated fields for import', () => {
    expect(columnsFor(lgagreement, 'zh').map((c) => c.key)).not.toContain('tiers');
    const exported = columnsFor(shipment, 'en').map((c) => c.key);
    expect(exported).toEqual(['code', 'serial', 'mode', 'warehouses', 'shipDate', 'arrivedAt', 'urgent', 'weight', 'remark']);
    expect(columnsFor(shipment, 'en', { forImport: true }).map((c) => c.key)).not.toContain('serial');
    expect(columnsFor(shipment, 'zh').find((c) => c.key === 'remark')!.header).toBe('备注');
  });
});

describe('export then import', () => {
  const materials = [
    {
      code: 'M-0001',
      name: '不锈钢螺丝',
      price: 12.5,
      spec: 'M6×20',
      categoryCode: 'CAT01',
      unitCode: 'PCS',
      custCode: '001',
      batchFlag: 1,
      snFlag: 0,
      barcodeManage: 1,
      maxVolume: 1000,
      minVolume: 10,
      gross: 0.015,
      normalDate: 365,
      brand: '上海紧固件',
      remark: '第一批',
    },
    { code: 'M-0002', name: '包装箱（大）', price: 0, categoryCode: 'CAT02', unitCode: '个', batchFlag: 0, snFlag: 1, barcodeManage: 0, normalDate: 0 },
  ];

  it('round-trips materials with flags, references, numbers and Chinese labels', async () => {
    const { buffer, count } = await exportToBuffer(material, 'zh', materials);
    expect(count).toBe(2);

    const { ws } = await loadSheet(buffer);
    expect(ws.name).toBe('物料');
    const header = rowValues(ws, 1);
    expect(header[0]).toBe('物料编码');
    expect(header).toContain('批次管理');
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const cols = columnsFor(material, 'zh');
    const first = rowValues(ws, 2);
    expect(first[cols.findIndex((c) => c.key === 'batchFlag')]).toBe('是');
    expect(first[cols.findIndex((c) => c.key === 'snFlag')]).toBe('否');
    expect(first[cols.findIndex((c) => c.key === 'price')]).toBe(12.5);
    expect(first[cols.findIndex((c) => c.key === 'custCode')]).toBe('001');

    const parsed = await parseImport(buffer, '物料.xlsx', material, 'zh');
    expect(parsed.ignoredHeaders).toEqual([]);
    expect(parsed.rows.map((r) => r.rowNumber)).toEqual([2, 3]);
    expect(parsed.rows[0]!.values).toEqual(materials[0]);
    expect(parsed.rows[1]!.values).toEqual(materials[1]);
  });

  it('round-trips enums, multiple references, dates and China times, in English', async () => {
    const records = [
      {
        code: 'S1',
        serial: 'GEN-1',
        mode: 'RAIL',
        warehouses: ['WH-A', 'WH-B', 'WH-C'],
        shipDate: '2024-02-29',
        arrivedAt: '2024-03-01T02:30:00.000Z',
        urgent: 1,
        weight: 1234.5,
        secret: 'never exported',
        legs: [{ from: 'x' }],
      },
      { code: 'S2', mode: 'AIR', warehouses: [], urgent: 0 },
    ];
    const { buffer } = await exportToBuffer(shipment, 'en', records);
    const { ws } = await loadSheet(buffer);
    expect(rowValues(ws, 2)).toEqual(['S1', 'GEN-1', 'Rail', 'WH-A,WH-B,WH-C', '2024-02-29', '2024-03-01 10:30:00', 'Yes', 1234.5]);

    const parsed = await parseImport(buffer, 'shipments.XLSX', shipment, 'zh');
    // the generated serial is not an import column: its header is passed over
    expect(parsed.ignoredHeaders).toEqual(['Serial']);
    expect(parsed.rows[0]!.values).toEqual({
      code: 'S1',
      mode: 'RAIL',
      warehouses: ['WH-A', 'WH-B', 'WH-C'],
      shipDate: '2024-02-29',
      arrivedAt: '2024-03-01T02:30:00.000Z',
      urgent: 1,
      weight: 1234.5,
    });
    expect(parsed.rows[1]!.values).toEqual({ code: 'S2', mode: 'AIR', urgent: 0 });
  });
});

describe('parseImport', () => {
  it('rejects a file that is not .xls or .xlsx by its name', async () => {
    const file = await sheetFile([['物料编码'], ['M1']]);
    for (const name of ['materials.csv', 'materials.xlsx.txt', 'materials', 'materials.xlsm']) {
      const e = await importError(parseImport(file, name, material, 'zh'));
      expect(e.key).toBe('validation.importFileType');
      expect(e.code).toBe(400);
      expect(e.message).toBe('只能上传 .xls 或 .xlsx 文件');
    }
    expect((await importError(parseImport(file, 'a.txt', material, 'en'))).message).toBe('Only .xls or .xlsx files can be uploaded');
    expect((await importError(parseImport(file, 'a.txt', material, 'mo'))).message).toBe('只能上傳 .xls 或 .xlsx 檔案');
    await expect(parseImport(file, 'MATERIALS.XLS', material, 'zh')).resolves.toMatchObject({ rows: [{ rowNumber: 2, values: { code: 'M1' } }] });
  });

  it('asks for a legacy .xls (BIFF, Excel 97-2003) workbook to be saved as .xlsx, and reads an .xlsx named .xls', async () => {
    // a compound-file header: what every Excel 97-2003 workbook starts with
    const biff = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]);
    const e = await importError(parseImport(biff, 'legacy.xls', lgagreement, 'zh'));
    expect(e.key).toBe('validation.importLegacyXls');
    expect(e.code).toBe(400);
    expect((await importError(parseImport(biff, 'legacy.xls', lgagreement, 'en'))).message).toMatch(/save it as \.xlsx/);
    const file = await sheetFile([['开始日期', 'Agreement code', '协议名称', '作废', '周期单价'], [new Date(Date.UTC(2024, 0, 31)), 'A-1', '年度协议', '是', '1,200.50']]);
    const parsed = await parseImport(file, 'renamed.xls', lgagreement, 'zh');
    expect(parsed.rows).toEqual([{ rowNumber: 2, values: { startDate: '2024-01-31', code: 'A-1', name: '年度协议', invalid: 1, cycleUnitCost: 1200.5 } }]);
  });

  it('passes over unknown headers and rejects a file with none it knows', async () => {
    const file = await sheetFile([
      ['备注说明', '物料编码', 'Something else', '  *物料名称 ', 'price'],
      ['x', 'M1', 'y', '螺丝', 3],
    ]);
    const parsed = await parseImport(file, 'a.xlsx', material, 'zh');
    expect(parsed.ignoredHeaders).toEqual(['备注说明', 'Something else']);
    expect(parsed.rows).toEqual([{ rowNumber: 2, values: { code: 'M1', name: '螺丝', price: 3 } }]);

    const unknown = await sheetFile([['foo', 'bar'], ['1', '2']]);
    const e = await importError(parseImport(unknown, 'a.xlsx', material, 'en'));
    expect(e.key).toBe('validation.importHeaders');
  });

  it('accepts enum labels in any language and raw values, whatever language the export was in', async () => {
    const { buffer } = await exportToBuffer(warehousearea, 'zh', [{ code: 'W1', name: '一号仓', warehouseareaType: 'COLD', defaultWarehouseFlag: 1 }]);
    const { ws } = await loadSheet(buffer);
    expect(rowValues(ws, 2)).toContain('冷库');

    const file = await sheetFile([
      ['库区编码', 'Area type', '預設倉庫'],
      ['W1', 'Cold store', 'Yes'],
      ['W2', '冷库', '否'],
      ['W3', '保稅區', 'false'],
      ['W4', 'zone', 1],
      ['W5', 'BONDED', true],
      ['W6', '不存在', '也许'],
    ]);
    const parsed = await parseImport(file, 'areas.xlsx', warehousearea, 'zh');
    expect(parsed.rows.map((r) => r.values)).toEqual([
      { code: 'W1', warehouseareaType: 'COLD', defaultWarehouseFlag: 1 },
      { code: 'W2', warehouseareaType: 'COLD', defaultWarehouseFlag: 0 },
      { code: 'W3', warehouseareaType: 'BONDED', defaultWarehouseFlag: 0 },
      { code: 'W4', warehouseareaType: 'ZONE', defaultWarehouseFlag: 1 },
      { code: 'W5', warehouseareaType: 'BONDED', defaultWarehouseFlag: 1 },
      // what it cannot read goes on as text, for validation to report on its row
      { code: 'W6', warehouseareaType: '不存在', defaultWarehouseFlag: '也许' },
    ]);
  });

  it('reads Excel dates, numeric strings and comma-separated codes; skips empty rows and cells', async () => {
    const file = await sheetFile([
      ['Ship date', '到達時間', 'warehouses', 'Weight', 'Shipment no.', 'Mode'],
      [new Date(Date.UTC(2024, 1, 29)), new Date(Date.UTC(2024, 2, 1, 10, 30)), 'A, B，C', ' 12.5 ', 1001, 'road'],
      [null, null, null, null, null, null],
      ['', '  ', null, null, null, null],
      ['2024/3/5', '2024-03-05 08:00', 'D', 'heavy', 'S2', null],
      [20240306, '2024-03-06T08:00:00+08:00', null, -1, 'S3', null],
    ]);
    const parsed = await parseImport(file, 'x.xlsx', shipment, 'en');
    expect(parsed.rows).toEqual([
      { rowNumber: 2, values: { shipDate: '2024-02-29', arrivedAt: '2024-03-01T02:30:00.000Z', warehouses: ['A', 'B', 'C'], weight: 12.5, code: '1001', mode: 'ROAD' } },
      { rowNumber: 5, values: { shipDate: '2024-03-05', arrivedAt: '2024-03-05T00:00:00.000Z', warehouses: ['D'], weight: 'heavy', code: 'S2' } },
      { rowNumber: 6, values: { shipDate: '2024-03-06', arrivedAt: '2024-03-06T00:00:00.000Z', weight: -1, code: 'S3' } },
    ]);
  });

  it('tells an unreadable file from an empty one', async () => {
    expect((await importError(parseImport(Buffer.from('not a spreadsheet at all'), 'a.xlsx', material, 'zh'))).key).toBe('validation.importUnreadable');
    const good = await sheetFile([['物料编码'], ['M1']]);
    const truncated = good.subarray(0, Math.floor(good.length / 2));
    expect((await importError(parseImport(truncated, 'a.xlsx', material, 'zh'))).key).toBe('validation.importUnreadable');
    expect((await importError(parseImport(await sheetFile([['物料编码']]), 'a.xlsx', material, 'zh'))).key).toBe('validation.importEmpty');
    expect((await importError(parseImport(await sheetFile([['物料编码'], [null], ['']]), 'a.xlsx', material, 'zh'))).key).toBe('validation.importEmpty');
    expect((await importError(parseImport(await sheetFile([]), 'a.xlsx', material, 'zh'))).key).toBe('validation.importEmpty');
  });

  it(`caps an import at ${MAX_IMPORT_ROWS} data rows`, async () => {
    const narrow = defineEntity({ name: 'xlsxNarrowTest', service: 'bl-basic', title: ['窄', 'Narrow', '窄'], fields: { code: text(['编码', 'Code', '編碼']) } });
    const make = async (n: number) => {
      async function* many() {
        for (let i = 0; i < n; i++) yield { code: `C${i}` };
      }
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (c: Buffer) => chunks.push(c));
      await streamExport(out, narrow, 'en', many());
      return Buffer.concat(chunks);
    };
    const tooMany = await importError(parseImport(await make(MAX_IMPORT_ROWS + 1), 'big.xlsx', narrow, 'en'));
    expect(tooMany.key).toBe('validation.importTooMany');
    expect(tooMany.message).toBe(`At most ${MAX_IMPORT_ROWS} rows can be imported at once`);
    const atCap = await parseImport(await make(MAX_IMPORT_ROWS), 'big.xlsx', narrow, 'en');
    expect(atCap.rows).toHaveLength(MAX_IMPORT_ROWS);
    expect(atCap.rows.at(-1)).toEqual({ rowNumber: MAX_IMPORT_ROWS + 1, values: { code: `C${MAX_IMPORT_ROWS - 1}` } });
  }, 120_000);
});

describe('templateWorkbook', () => {
  it('has the import headers alone (a template sent back unchanged imports nothing) and a notes sheet with examples', async () => {
    const file = await templateWorkbook(warehousearea, 'zh');
    const { wb, ws } = await loadSheet(file);
    expect(rowValues(ws, 1)).toEqual(columnsFor(warehousearea, 'zh', { forImport: true }).map((c) => c.header));
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.rowCount).toBe(1);
    const notes = wb.worksheets[1]!;
    expect(notes.name).toBe('说明');
    expect(rowValues(notes, 1)).toEqual(['列名', '必填', '格式/可选值', '示例']);
    expect(rowValues(notes, 2)[3]).toBe('EX001');
    const typeRow = rowValues(notes, 5);
    expect(typeRow).toEqual(['库区类型', '是', '可选值：仓库、库区、冷库、保税区', '仓库']);
    expect(rowValues(notes, 7)).toEqual(['默认仓库', '否', '可选值：是、否', '否']);

    // the unchanged template: no data row, so nothing to import
    await expect(parseImport(file, 'template.xlsx', warehousearea, 'zh')).rejects.toMatchObject({ key: 'validation.importEmpty' });

    const en = await loadSheet(await templateWorkbook(shipment, 'en'));
    expect(en.wb.worksheets[1]!.name).toBe('Notes');
    expect(rowValues(en.ws, 1)).not.toContain('Serial');
    expect((await loadSheet(await templateWorkbook(shipment, 'mo'))).wb.worksheets[1]!.name).toBe('說明');
  });
});

describe('reportWorkbook', () => {
  it('has one row per error, with translated headers and field labels', async () => {
    const errors = [
      { row: 2, field: 'price', message: '单价不能小于0' },
      { row: 3, field: 'categoryCode', message: '请选择物料分类' },
      { row: 3, field: 'remark', message: '备注长度不能超过500个字符' },
      { row: 7, field: '', message: '物料编码已存在' },
    ];
    const { ws } = await loadSheet(await reportWorkbook(errors, material, 'zh'));
    expect(ws.name).toBe('错误报告');
    expect(ws.rowCount).toBe(errors.length + 1);
    expect(rowValues(ws, 1)).toEqual(['行号', '字段', '错误信息']);
    expect(rowValues(ws, 2)).toEqual([2, '单价', '单价不能小于0']);
    expect(rowValues(ws, 4)).toEqual([3, '备注', '备注长度不能超过500个字符']);
    expect(rowValues(ws, 5)).toEqual([7, undefined, '物料编码已存在']);

    const en = await loadSheet(await reportWorkbook([{ row: 4, field: 'tiers.1.upLimit', message: 'x' }], lgagreement, 'en'));
    expect(rowValues(en.ws, 1)).toEqual(['Row', 'Field', 'Message']);
    expect(rowValues(en.ws, 2)).toEqual([4, 'Distribution tiers[2] > Upper limit', 'x']);
  });
});

describe('streamExport at volume', () => {
  it('writes 100,000 rows without holding them in memory', async () => {
    const N = 100_000;
    let bytes = 0;
    let chunks = 0;
    const counter = new Writable({
      write(chunk: Buffer, _enc, cb) {
        bytes += chunk.length;
        chunks++;
        cb();
      },
    });
    global.gc?.();
    const base = process.memoryUsage();
    let peakHeap = base.heapUsed;
    let peakRss = base.rss;
    const sample = () => {
      const m = process.memoryUsage();
      peakHeap = Math.max(peakHeap, m.heapUsed);
      peakRss = Math.max(peakRss, m.rss);
    };
    const timer = setInterval(sample, 20);
    async function* records() {
      for (let i = 0; i < N; i++) {
        if (i % 1000 === 0) sample();
        yield {
          code: `M${String(i).padStart(7, '0')}`,
          materialNumber: `MN-${i}`,
          name: `物料名称${i}号，不锈钢螺丝`,
          price: (i % 997) / 10,
          spec: 'M6×20',
          model: 'STD',
          type: '五金',
          categoryCode: `CAT${i % 50}`,
          unitCode: 'PCS',
          custCode: `CUST${i % 200}`,
          batchFlag: i % 2,
          snFlag: (i >> 1) % 2,
          barcodeManage: 1,
          maxVolume: 1000 + i,
          minVolume: 10,
          warningVolume: 50,
          gross: 0.015,
          suttle: 0.012,
          brand: '上海紧固件',
          normalDate: 365,
          remark: i % 10 === 0 ? `备注${i}` : null,
        };
      }
    }
    const started = process.hrtime.bigint();
    const count = await streamExport(counter, material, 'zh', records());
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    clearInterval(timer);
    sample();
    const growthMb = (peakHeap - base.heapUsed) / 1024 / 1024;
    console.log(
      `streamExport: ${count} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${chunks} chunks, ${seconds.toFixed(1)} s (${Math.round(count / seconds)} rows/s); ` +
        `peak heap +${growthMb.toFixed(1)} MB (${(peakHeap / 1024 / 1024).toFixed(0)} MB), peak rss ${(peakRss / 1024 / 1024).toFixed(0)} MB`,
    );
    expect(count).toBe(N);
    expect(bytes).toBeGreaterThan(1_000_000);
    expect(growthMb).toBeLessThan(150);
  }, 300_000);

  it('stops when the output closes early', async () => {
    const out = new PassThrough();
    out.resume();
    let pulled = 0;
    async function* endless() {
      for (;;) {
        pulled++;
        if (pulled === 1000) out.destroy();
        yield { code: `M${pulled}`, name: 'x' };
      }
    }
    await expect(streamExport(out, material, 'zh', endless())).rejects.toThrow();
    expect(pulled).toBeLessThan(5000);
  });
});

describe('xlsxText', () => {
  it('words every text in the three languages', () => {
    expect(xlsxText('zh', 'validation.importFileType')).toBe('只能上传 .xls 或 .xlsx 文件');
    expect(xlsxText('en', 'validation.importTooMany', { max: 5 })).toBe('At most 5 rows can be imported at once');
    expect(xlsxText('mo', 'xlsx.notes')).toBe('說明');
  });
});
