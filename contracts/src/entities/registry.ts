import type { EntityDef } from './define';
import { registerEntityNames } from './entity-names';
import { billtype } from '../masterdata/entities/basic/billtype';
import { category } from '../masterdata/entities/basic/category';
import { company } from '../masterdata/entities/basic/company';
import { costtype } from '../masterdata/entities/basic/costtype';
import { customer } from '../masterdata/entities/basic/customer';
import { employee } from '../masterdata/entities/basic/employee';
import { factory } from '../masterdata/entities/basic/factory';
import { lgagreement } from '../billing/entities/lgagreement';
import { billingrules } from '../billing/entities/billingrules';
import { employeecost } from '../billing/entities/employeecost';
import { material } from '../masterdata/entities/basic/material';
import { packspec } from '../masterdata/entities/basic/packspec';
import { porter } from '../masterdata/entities/basic/porter';
import { strategy } from '../masterdata/entities/basic/strategy';
import { supplier } from '../masterdata/entities/basic/supplier';
import { unit } from '../masterdata/entities/basic/unit';
import { unitfloat } from '../masterdata/entities/basic/unitfloat';
import { warehousearea } from '../masterdata/entities/basic/warehousearea';
import { warehouseplace } from '../masterdata/entities/basic/warehouseplace';
import { streamqtystatus } from '../masterdata/entities/basic/streamqtystatus';
import { materialgroup } from '../masterdata/entities/basic/materialgroup';
import { finishpackagerelation } from '../masterdata/entities/basic/finishpackagerelation';
import { customstrategy } from '../masterdata/entities/basic/customstrategy';
import { tagmodel } from '../masterdata/entities/basic/tagmodel';
import { pdainfo } from '../masterdata/entities/basic/pdainfo';
import { plannedquantity } from '../masterdata/entities/basic/plannedquantity';
import { attach } from '../masterdata/entities/resource/attach';
import { oss } from '../masterdata/entities/resource/oss';
import { apiscope } from '../masterdata/entities/system/apiscope';
import { apiscopecategory } from '../masterdata/entities/system/apiscopecategory';
import { datascope } from '../masterdata/entities/system/datascope';
import { dept } from '../masterdata/entities/system/dept';
import { dict } from '../masterdata/entities/system/dict';
import { menu } from '../masterdata/entities/system/menu';
import { post } from '../masterdata/entities/system/post';
import { role } from '../masterdata/entities/system/role';
import { syscode } from '../masterdata/entities/system/syscode';
import { tenant } from '../masterdata/entities/system/tenant';
import { topmenu } from '../masterdata/entities/system/topmenu';
import { user } from '../masterdata/entities/system/user';
import { useroauth } from '../masterdata/entities/system/useroauth';
import { errormsginfo } from '../masterdata/entities/system/errormsginfo';
import { outerrormsg } from '../masterdata/entities/system/outerrormsg';
import { sysenum } from '../masterdata/entities/basic/sysenum';
import { basiccar } from '../transport/entities/basiccar';
import { basiccarrier } from '../transport/entities/basiccarrier';
import { basicdriver } from '../transport/entities/basicdriver';
import { basicline } from '../transport/entities/basicline';
import { basicrecipient } from '../transport/entities/basicrecipient';
import { customershippingrules } from '../transport/entities/customershippingrules';
import { customerstore } from '../transport/entities/customerstore';
import { basicpay } from '../transport/entities/basicpay';
import { basicgoodsforpay } from '../transport/entities/basicgoodsforpay';
import { basicpackge } from '../transport/entities/basicpackge';
import { basicdept } from '../transport/entities/basicdept';
import { deployform } from '../flow/entities/deployform';
import { flowcategory } from '../flow/entities/flowcategory';
import { flowform } from '../flow/entities/flowform';
import { location } from '../gate/entities/location';
import { securityinspectionlocation } from '../gate/entities/securityinspectionlocation';
import { dock } from '../gate/entities/dock';
import { visitornotice } from '../gate/entities/visitornotice';

/**
 * Every entity type the framework serves. Adding one: its schema file, one line here,
 * and nothing else (labels live in the schema file). See docs/ARCHITECTURE.md.
 */
export const entities: readonly EntityDef[] = [
  // bl-system
  user, dept, post, role, menu, topmenu, dict, tenant, apiscope, apiscopecategory, datascope, syscode, useroauth,
  // the message catalogue (issue 30 item 4)
  errormsginfo, outerrormsg,
  // bl-resource
  oss, attach,
  // bl-basic
  customer, material, warehousearea, lgagreement, billingrules, category, unit, unitfloat, supplier, factory, company, employee, employeecost, porter, packspec, warehouseplace, strategy, costtype, billtype,
  // what the warehouse needs besides (issue 13)
  streamqtystatus, materialgroup, finishpackagerelation, customstrategy, tagmodel, pdainfo, plannedquantity,
  // system enumerations (issue 30 item 4)
  sysenum,
  // bl-transport
  basiccar, basiccarrier, basicdriver, basicline, basicrecipient, customerstore, customershippingrules,
  // the transport chain's prices and depots (issue 14)
  basicpay, basicgoodsforpay, basicpackge, basicdept,
  // bl-flow
  flowcategory, deployform, flowform,
  // bl-gate (issue 31): gates, security inspection locations, docks, the visitors' notices
  location, securityinspectionlocation, dock, visitornotice,
];

registerEntityNames(entities.map((e) => e.name));

export const entityByName = (name: string): EntityDef | undefined => entities.find((e) => e.name === name);
