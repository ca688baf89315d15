/** The report files feature's public face (issue 14: the Excel, Telpay and QuickBooks files at /reports/excel). */
export { ExcelReportsRoute } from './routes/excel-reports';
