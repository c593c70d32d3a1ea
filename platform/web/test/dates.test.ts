import { expect } from 'chai';
import moment from 'moment';
import { dateFormatter } from '../client/dates';

describe('dates: relative times in the page\'s language', () => {
  const utc = (ms: number) => moment.utc(Date.now() - ms).format('YYYY-MM-DD HH:mm:ss');

  it('words them in French for fr_FR and in English for en_US', () => {
    const fr = dateFormatter('DD/MM/YYYY', 'HH:mm:ss', 'fr_FR');
    expect(fr.fromNow(utc(5 * 60_000))).to.equal('il y a 5 minutes');
    expect(fr.fromNow(utc(3 * 3600_000))).to.equal('il y a 3 heures');
    expect(fr.fromNow(utc(86400_000 + 60_000))).to.equal('hier');
    const en = dateFormatter('MM/DD/YYYY', 'HH:mm:ss', 'en_US');
    expect(en.fromNow(utc(5 * 60_000))).to.equal('5 minutes ago');
    expect(en.fromNow(utc(40 * 86400_000))).to.equal('last month');
  });
});
