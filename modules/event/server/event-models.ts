import { injectable } from 'inversify';
import type { ModelContribution, ModelDefinition } from '@platform/orm';
import { EventEvent } from './models/event-event';
import { EventRegistration } from './models/event-registration';
import { EventTicket } from './models/event-ticket';
import { EventTrack } from './models/event-track';
import { EventTrackLocation } from './models/event-track-location';
import { EventTrackTag } from './models/event-track-tag';
import { EventType } from './models/event-type';

@injectable()
export class EventModels implements ModelContribution {
  models(): ModelDefinition[] {
    return [EventType, EventEvent, EventTicket, EventRegistration, EventTrackTag, EventTrackLocation, EventTrack];
  }
}
